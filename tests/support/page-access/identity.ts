import { makeUser } from "../e2e-factories";
import type { PageArea } from "./types";

export const pages: PageArea = {
  access: {
    login: { kind: "public" },
    signup: { kind: "public" },
    "password-reset": { kind: "public" },
    // Any part left out reads as an invalid link (tested on its own).
    "password-reset/:uid?/:timestamp/:hash?": { kind: "public" },
    maintenance: { kind: "public" },
    "b2b/login": { kind: "public" },
    setup: { kind: "signed_in" },
    b2b: { kind: "store" },
    "b2b/order": { kind: "store" },
    "b2b/products/:product?": { kind: "store" },
    // A buyer opens only their customer's orders: tested in tests/e2e/store.test.ts.
    "b2b/orders-history/:order?": { kind: "store" },
    "b2b/invoices-history/:invoice?": { kind: "store" },
    "b2b/cart": { kind: "action" },
    "": { kind: "signed_in" },
    dashboard: { kind: "signed_in" },
    "account-settings": { kind: "permission", allOf: ["account_settings"] },
    invitations: { kind: "signed_in" },
    // The user's own operations (the top bar's menus), their cancel and revert.
    operations: { kind: "signed_in" },
    "operations/export": { kind: "action" },
    "operations/bulk-pdf": { kind: "action" },
    // Only the user who ran the export may download it: tested in tests/e2e/operations.test.ts.
    "operations/:batchId/download": { kind: "own_record" },
    "settings/users": { kind: "permission", allOf: ["settings"] },
    "settings/users/create": { kind: "permission", allOf: ["settings"] },
    "settings/users/:id": { kind: "permission", allOf: ["settings"] },
    "settings/users/:id/edit": { kind: "self_or_permission", allOf: ["settings"] },
    "settings/api-token": { kind: "permission", allOf: ["settings"] },
    "companies/switch": { kind: "action" },
    logout: { kind: "action" },
    locale: { kind: "action" },
    "*": { kind: "not_found" },
  },
  records: {
    "settings/users/": async (company) => (await makeUser(company.companyId, [])).userId,
  },
};
