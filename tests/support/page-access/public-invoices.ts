import type { PageArea } from "./types";

const BASE64URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

export const pages: PageArea = {
  access: {
    // An invoice's public link opens without a session; the page without an id is its "not found" page.
    "public/invoices/:id?": { kind: "public" },
    "public/invoices/:id/pdf": { kind: "public" },
  },
  records: {
    // A public page belongs to no signed-in company: the record is a public id of the company that
    // names no invoice, which answers 404 to anyone (the page's own tests open real ones).
    "public/invoices/": async (company) =>
      `${company.companyId}.${Array.from({ length: 22 }, () => BASE64URL[Math.floor(Math.random() * 64)]).join("")}`,
  },
};
