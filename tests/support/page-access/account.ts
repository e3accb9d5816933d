import type { Access, PageArea } from "./types";

// The checkout's steps: a plan, a period and a currency (each left-out segment is tested in tests/e2e/account-billing.test.ts).
const CHECKOUT: Access = { kind: "permission", allOf: ["account_settings"] };

export const pages: PageArea = {
  access: {
    "account-settings/:plan?/:period/:currency?/pick-period": CHECKOUT,
    "account-settings/:plan?/:period/:currency?/billing-information": CHECKOUT,
    "account-settings/:plan?/:period/:currency?/payment-information": CHECKOUT,
    "account-settings/:plan?/:period/:currency?/confirm-order": CHECKOUT,
    "account-settings/:plan?/:period/:currency?/confirmation": CHECKOUT,
  },
  records: {
    // Not records of the company: the words the address is made of.
    "account-settings/": async () => ({ plan: "premium", period: "monthly", currency: "eur" }),
  },
};
