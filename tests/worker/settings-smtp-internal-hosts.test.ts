import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { tenantSchema } from "../../db/client";
import { makeCompany } from "../support/factories";
import { call } from "./products-fixtures";

const sinkPort = Number((env as unknown as { SMTP_PORT: string }).SMTP_PORT);
const server = (host: string, port = 587) => ({ host, port, security: "none", from_address: "factures@durand.example" });

describe("a company's SMTP server on an internal address", () => {
  it.each([
    ["127.0.0.1", 25],
    ["localhost", 587],
    ["[::1]", 587],
    ["10.0.0.1", 587],
    ["169.254.169.254", 587],
    ["metadata.google.internal", 587],
    ["192.168.1.10", 587],
    ["172.20.0.5", 587],
    ["100.64.0.1", 587],
    ["0.0.0.0", 587],
    ["2130706433", 587],
    ["0x7f000001", 587],
    ["0177.0.0.1", 587],
    ["127.1", 587],
    ["[::ffff:127.0.0.1]", 587],
    ["[fd00:ec2::254]", 587],
    ["[fe80::1]", 587],
    ["mail.localhost", 587],
    ["printer.local", 587],
    ["mailhog", 1025],
  ])("refuses %s:%i with 422 naming the host, in words, and saves nothing", async (host, port) => {
    const company = await makeCompany();
    const refused = await call("PATCH", "/smtp-settings", company.token, server(host, port));
    expect(refused.status).toBe(422);
    expect(refused.body.error.fields.host).toEqual({
      code: "internal_address",
      message: "This server is on an internal or private network address: enter the address of a public mail server.",
    });
    expect((await call("GET", "/smtp-settings", company.token)).body.updated_at).toBeNull();
  });

  it("allows a local test server only on the exact host and port the configuration lists", async () => {
    const company = await makeCompany();
    expect((await call("PATCH", "/smtp-settings", company.token, server("127.0.0.1", sinkPort))).status).toBe(200);
    for (const [host, port] of [
      ["127.0.0.1", sinkPort + 1],
      ["localhost", sinkPort],
      ["127.0.0.2", sinkPort],
    ] as const) {
      const refused = await call("PATCH", "/smtp-settings", company.token, { host, port });
      expect(refused.body.error?.fields.host.code, `${host}:${port}`).toBe("internal_address");
    }
  });

  it("accepts a public server by name or address", async () => {
    const company = await makeCompany();
    for (const host of ["smtp.example.com", "203.0.114.10", "[2a00:1450:4007:80e::201a]"])
      expect((await call("PATCH", "/smtp-settings", company.token, server(host))).status, host).toBe(200);
  });

  it("refuses to save anything else while a row saved before the rule names an internal host", async () => {
    const company = await makeCompany();
    await company.db
      .insert(tenantSchema.smtpSettings)
      .values({ id: 1, host: "10.0.0.1", port: 587, security: "none", fromAddress: "factures@durand.example" });
    const refused = await call("PATCH", "/smtp-settings", company.token, { port: 2525 });
    expect(refused.status).toBe(422);
    expect(refused.body.error.fields.host.code).toBe("internal_address");
    // A blank host goes back to the platform's sender.
    expect((await call("PATCH", "/smtp-settings", company.token, { host: "" })).status).toBe(200);
  });
});
