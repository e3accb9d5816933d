import type { PageArea } from "./types";

export const pages: PageArea = {
  access: {
    // The store's access form: with no store named, or its form off, it goes to the store's login (tests/e2e/store-admin.test.ts).
    "b2b/access": { kind: "action" },
    // Shown only when the store wrote its text, else the store's home (tests/worker/store-admin.test.ts, tests/e2e/store-admin.test.ts).
    "b2b/about-us": { kind: "store" },
    "b2b/settings": { kind: "store" },
    "b2b/switch": { kind: "action" },
    "b2b/leave": { kind: "action" },
    // The store's banner and login background: 404 until uploaded (tests/e2e/store-admin.test.ts).
    "b2b/images/:image": { kind: "action" },
    "b2b-store": { kind: "redirect", to: "/b2b-store/dashboard", allOf: ["view_customers"] },
    "b2b-store/dashboard": { kind: "permission", allOf: ["view_customers"] },
    "b2b-store/customers": { kind: "permission", allOf: ["view_customers"] },
    "b2b-store/settings": { kind: "redirect", to: "/b2b-store/settings/setup", allOf: ["view_customers"] },
    // An unknown part of the settings goes to its setup; each part opens in tests/e2e/store-admin.test.ts.
    "b2b-store/settings/:section": { kind: "redirect", to: "/b2b-store/settings/setup", allOf: ["view_customers"] },
  },
};
