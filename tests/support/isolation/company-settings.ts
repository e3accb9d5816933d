import type { IsolationArea } from "./types";

// The company settings are one record of the caller's own company: no id of another company to try.
export const isolation: IsolationArea = {
  bodies: {
    "patch /company-settings": { label: "Isolation company" },
    // Not an image: a refusal for any other reason than the token would be a 422, never a 401/403.
    "put /company-settings/logo": { image: "none" },
  },
  records: {},
};
