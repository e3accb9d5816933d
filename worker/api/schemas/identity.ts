import { z } from "zod";
import type { ApiTokenView } from "../../domain/identity/api-tokens";
import type { CompanyRef } from "../../domain/identity/actor";
import { SavedViewSearch, type SavedView as SavedViewData } from "../../domain/saved-views/saved-views";
import type { InvitationView } from "../../domain/users/company-invitations";
import type { UserView } from "../../domain/users/staff";
import { all, answer, id, shape, textId, timestamp } from "./common";

const permissions = z.array(z.string()).meta({ description: "Permission names (platform spec §3)" });
const person = {
  id: textId,
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  display_name: z.string(),
  language: z.enum(["en", "fr"]),
};

export const Health = shape(
  { id: "Health", description: "Whether the service and its control database answer" },
  z.object({
    status: z.enum(["ok", "degraded"]),
    database: z.enum(["up", "down"]),
    latency_ms: z.int().meta({ description: "Only when the database answered" }).optional(),
  }),
);

export const OpenApiDocument = shape(
  { id: "OpenApiDocument", description: "An OpenAPI 3.1 document" },
  z.looseObject({
    openapi: z.string(),
    info: z.object({ title: z.string(), version: z.string() }).loose(),
    paths: z.record(z.string(), z.unknown()),
  }),
);

const CompanyStatus = answer<CompanyRef["status"]>()(
  { id: "CompanyStatus", description: "Where the company's subscription stands; a trial past its end reads trial_ended" },
  z.enum(["trial", "subscribed", "paused", "suspended", "cancelled", "trial_ended"]),
);

const company = z.object({ id: textId, label: z.string(), status: CompanyStatus, frozen: z.boolean() });

export const Me = shape(
  { id: "Me", description: "The caller: a signed-in user or an API token, the company it acts in and its permissions" },
  z.discriminatedUnion("kind", [
    z.object({
      kind: z.literal("user"),
      user: z.object({
        ...person,
        timezone: z.string().meta({ description: "IANA time zone the pages show times in" }),
        is_admin: z.boolean(),
        send_to_wizard: z.boolean().meta({ description: "Onboarding is not finished" }),
        b2b_user: z.boolean(),
        customer_id: textId.nullable().meta({ description: "B2B users: the customer they order for" }),
      }),
      company,
      permissions,
    }),
    z.object({ kind: z.literal("api_token"), company, permissions }),
  ]),
);

export const CompanyList = all(
  company.extend({ is_admin: z.boolean(), current: z.boolean().meta({ description: "The company the caller acts in now" }) }),
  { id: "CompanyList", description: "The companies the caller may work in" },
);

export const CompanySwitch = shape(
  { id: "CompanySwitch", description: "Where the session acts now" },
  z.object({ switched: z.boolean().meta({ description: "false when it already acted there" }), company_id: textId }),
);

export const User = answer<UserView>()(
  { id: "User", description: "A staff user of the company" },
  z.object({
    ...person,
    timezone: z.string(),
    phone: z.string().nullable(),
    active: z.boolean(),
    type: z.enum(["regularUser", "accountRepresentative"]),
    is_admin: z.boolean(),
    permissions,
    pos_permissions: permissions,
    prevent_negative_inventory: z.boolean(),
    invitation_pending: z.boolean().meta({ description: "Invited, and not yet accepted (or no password chosen yet)" }),
    member: z.boolean().meta({ description: "false while someone who already had an account has not accepted the invitation" }),
  }),
);

export const UserList = all(User, { id: "UserList", description: "The company's staff users" });

export const InvitedUser = shape(
  { id: "InvitedUser", description: "The invited user, and whether an invitation was sent" },
  User.extend({
    invitation_sent: z.boolean().meta({
      description: "An email went out: a password link to a new account, or an invitation to accept to an existing one",
    }),
  }),
);

export const InvitationSent = shape(
  { id: "InvitationSent", description: "The invitation was sent again" },
  z.object({ invitation_sent: z.literal(true) }),
);

export const ApiToken = answer<ApiTokenView>()(
  { id: "ApiToken", description: "An API token (never its value)" },
  z.object({
    id: textId,
    label: z.string(),
    permissions,
    created_at: timestamp,
    created_by: z.string().nullable().meta({ description: "The creator's name" }),
    last_used_at: timestamp.nullable(),
  }),
);

export const ApiTokenList = all(ApiToken, { id: "ApiTokenList", description: "The company's API tokens still in force, newest first" });

export const CreatedApiToken = answer<ApiTokenView & { token: string }>()(
  { id: "CreatedApiToken", description: "A new API token, with its value: shown this once" },
  ApiToken.extend({ token: z.string() }),
);

export const PasswordResetRequested = answer<{ sent: true }>()(
  { id: "PasswordResetRequested", description: "The same answer whether or not an account has this email" },
  z.object({ sent: z.literal(true) }),
);

export const PasswordChanged = shape(
  { id: "PasswordChanged", description: "The password is set" },
  z.object({ password_changed: z.literal(true) }),
);

export const SavedView = answer<SavedViewData>()(
  { id: "SavedView", description: "A saved view of a list: its filters, columns and sort" },
  z.object({ id, label: z.string(), type: z.string(), search: SavedViewSearch, is_default: z.boolean(), created_at: timestamp }),
);

export const SavedViewList = all(SavedView, { id: "SavedViewList", description: "The caller's saved views" });

export const OAuthToken = shape(
  { id: "OAuthToken", description: "RFC 6749 §5.1 token answer" },
  z.object({
    access_token: z.string(),
    refresh_token: z.string(),
    token_type: z.literal("Bearer"),
    expires_in: z.int().meta({ description: "Seconds the access token lives (3600)" }),
  }),
);

export const OAuthError = shape(
  { id: "OAuthError", description: "RFC 6749 §5.2 error answer, with our code and a message in the caller's language" },
  z.object({ error: z.string().meta({ examples: ["invalid_grant"] }), error_description: z.string(), code: z.string() }),
);

export const Invitation = answer<InvitationView>()(
  { id: "Invitation", description: "An invitation of the signed-in user to a company, waiting to be accepted or declined" },
  z.object({
    id: textId,
    company: z.object({ id: textId, label: z.string() }),
    inviter_name: z.string(),
    type: z.enum(["regularUser", "accountRepresentative"]),
    permissions: z.array(z.string()),
    expires_at: timestamp,
    created_at: timestamp,
  }),
);

export const InvitationList = all(Invitation, { id: "InvitationList", description: "The signed-in user's pending invitations" });

export const InvitationAccepted = shape(
  { id: "InvitationAccepted", description: "The company the signed-in user has joined" },
  z.object({ accepted: z.literal(true), company: z.object({ id: textId, label: z.string() }) }),
);
