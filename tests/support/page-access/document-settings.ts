import type { PageArea } from "./types";

export const pages: PageArea = {
  access: {
    "settings/pdf-settings": { kind: "permission", allOf: ["settings"] },
    // Read by anyone of the company (every document prints with these settings); changed on the page above.
    "settings/pdf-settings/preview.pdf": { kind: "signed_in" },
    "settings/email-templates": { kind: "permission", allOf: ["settings", "email_templates"] },
    "settings/email-templates/:type/:language": { kind: "permission", allOf: ["settings", "email_templates"] },
    "settings/smtp": { kind: "permission", allOf: ["settings"] },
  },
  records: {
    // Every company has every template: a type and a language.
    "settings/email-templates/": async () => ({ type: "estimate", language: "fr" }),
  },
};
