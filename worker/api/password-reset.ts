import { Hono } from "hono";
import { completePasswordReset, requestPasswordReset } from "../domain/identity/password-reset";
import { DomainError } from "../domain/shared/domain-error";
import { mailDeps } from "../integrations/mail/mail-deps";
import { afterResponse, limitDeps } from "../web-session";
import { jsonBody } from "./body";
import { ConfirmBody } from "./password-reset-body";
import type { ApiEnv } from "./types";

/** Public endpoints: ask for a reset link, then set the password the link allows. */
export const passwordReset = new Hono<ApiEnv>();

// 202 whether or not an account has this email: the answer must not tell, nor take longer.
passwordReset.post("/", async (c) => {
  const ctx = c.get("ctx");
  const result = await requestPasswordReset(
    { control: ctx.control, ...mailDeps(ctx, c.req.raw), ...limitDeps(ctx, c.req.raw), waitUntil: afterResponse(ctx) },
    await jsonBody(c),
  );
  return c.json(result, 202);
});

passwordReset.post("/confirm", async (c) => {
  const ctx = c.get("ctx");
  const parsed = ConfirmBody.safeParse(await jsonBody(c));
  if (!parsed.success) throw DomainError.fromZod(parsed.error);
  const body = parsed.data;
  await completePasswordReset(
    { control: ctx.control, secret: ctx.env.settings.SESSION_SECRET, pepper: ctx.env.settings.PASSWORD_PEPPER },
    {
      link: { uid: body.uid, timestamp: body.timestamp, hash: body.hash, kind: body.invitation ? "invitation" : "reset" },
      password: body.password,
      confirmation: body.confirmation,
      endOtherSessions: body.end_other_sessions ?? true,
    },
  );
  return c.json({ password_changed: true }, 200);
});
