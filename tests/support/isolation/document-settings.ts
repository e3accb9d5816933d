import type { IsolationArea } from "./types";

export const isolation: IsolationArea = {
  bodies: {
    "patch /pdf-settings": { paper_size: "letter" },
    "put /email-templates/{type}/{language}": { subject: "Estimate {document_number}", body: "Hello {customer_name}" },
    "patch /smtp-settings": { port: 2525 },
    "post /smtp-settings/test-email": { to: "nobody@example.test" },
  },
  records: {
    // Every company has every template (the defaults): there is no other company's one to reach, so a name that is none.
    "/email-templates/": async () => "nothing",
  },
};
