import type { Access, PageArea } from "./types";

// The wizard's steps: a user whom the wizard holds (send_to_wizard) opens them, walked in
// tests/e2e/onboarding.test.ts; anyone else has finished it and is sent to the dashboard.
const finished: Access = { kind: "redirect", to: "/dashboard", allOf: [] };

export const pages: PageArea = {
  access: {
    "setup/company": finished,
    "setup/locations-users": finished,
    "setup/content": finished,
    "setup/finish": finished,
  },
};
