import type { PageArea } from "./types";

export const pages: PageArea = {
  access: {
    "settings/pdf-settings": { kind: "permission", allOf: ["settings"] },
    // Read by anyone of the company (every document prints with these settings); changed on the page above.
    "settings/pdf-settings/preview.pdf": { kind: "signed_in" },
  },
};
