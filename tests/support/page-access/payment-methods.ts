import type { PageArea } from "./types";

export const pages: PageArea = {
  access: {
    "settings/payment-methods": { kind: "permission", allOf: ["settings"] },
  },
};
