import type { PageArea } from "./types";

export const pages: PageArea = {
  access: {
    "settings/alerts": { kind: "permission", allOf: ["settings", "alerts"] },
    "settings/account-representatives": { kind: "permission", allOf: ["settings", "account_managers"] },
  },
};
