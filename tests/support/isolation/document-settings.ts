import type { IsolationArea } from "./types";

export const isolation: IsolationArea = {
  bodies: {
    "patch /pdf-settings": { paper_size: "letter" },
    "put /email-templates/{type}/{language}": { subject: "Estimate {document_number}", body: "Hello {customer_name}" },
  },
  records: {
    // Every company has every template (the defaults): there is no other company's one to reach, so a name that is none.
    "/email-templates/": async () => "nothing",
  },
};
