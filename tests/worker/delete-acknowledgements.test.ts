import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { tenantSchema } from "../../db/client";
import { DELETE_ASKS, requireAcknowledged } from "../../worker/domain/shared/acknowledgements";
import { makeCompany } from "../support/factories";
import { callApi as call } from "../support/fetch-app";

type Kind = keyof typeof DELETE_ASKS;

// One record of each kind that a delete asks acknowledgements for, made through the API.
async function records(company: Awaited<ReturnType<typeof makeCompany>>): Promise<[Kind, string][]> {
  const [location] = await company.db.select({ id: tenantSchema.locations.id }).from(tenantSchema.locations).limit(1);
  const make = async (path: string, body: unknown) => {
    const response = await call("POST", path, company.token, body);
    expect(response.status, `POST ${path}`).toBe(201);
    return `${path}/${((await response.json()) as { id: number }).id}`;
  };
  const product = await make("/products", { label: "Mug", kind: "single", variants: [{ sku: "MUG-ACK" }] });
  // The stock entry moves another product: a product with stock history cannot be deleted at all.
  await make("/products", { label: "Stocked", kind: "single", variants: [{ sku: "STOCK-ACK" }] });
  const [variant] = await company.db
    .select({ id: tenantSchema.variants.id })
    .from(tenantSchema.variants)
    .where(eq(tenantSchema.variants.sku, "STOCK-ACK"));
  return [
    ["customer", await make("/customers", { label: "Acme" })],
    ["supplier", await make("/suppliers", { name: "Bolt & Co" })],
    ["employee", await make("/employees", { label: "Sam" })],
    ["service", await make("/services", { reference: "SRV-ACK", label: "Delivery", price: "10" })],
    ["product", product],
    ["stock_document", await make("/stock-entries", { location_id: location!.id, lines: [{ variant_id: variant!.id, quantity: "2" }] })],
  ];
}

describe("a delete asks its consequences to be acknowledged, whatever the door", () => {
  it("refuses an API delete that does not acknowledge every consequence, keeps the record, and deletes once they are", async () => {
    const company = await makeCompany();
    for (const [kind, path] of await records(company)) {
      const asked = DELETE_ASKS[kind];
      const bare = await call("DELETE", path, company.token);
      expect(bare.status, `${kind}: none acknowledged`).toBe(422);
      const body = (await bare.json()) as { error: { code: string; fields: Record<string, { code: string }> } };
      expect(body.error.code).toBe("acknowledgement_required");
      expect(Object.keys(body.error.fields).sort()).toEqual(asked.map((name) => `acknowledge_${name}`).sort());
      expect((await call("GET", path, company.token)).status, `${kind} kept`).toBe(200);

      if (asked.length > 1) {
        const partial = await call("DELETE", `${path}?acknowledge=${asked[0]}`, company.token);
        expect(partial.status, `${kind}: one of two acknowledged`).toBe(422);
        expect(Object.keys(((await partial.json()) as typeof body).error.fields)).toEqual([`acknowledge_${asked[1]}`]);
      }

      const query = asked.length > 1 ? `acknowledge=${asked[0]}&acknowledge=${asked.slice(1).join(",")}` : `acknowledge=${asked[0]}`;
      expect((await call("DELETE", `${path}?${query}`, company.token)).status, `${kind}: all acknowledged`).toBe(204);
      expect((await call("GET", path, company.token)).status, `${kind} deleted`).toBe(404);
    }
  });

  it("answers 404 for a record that does not exist before asking anything", async () => {
    const company = await makeCompany();
    for (const path of ["/customers", "/suppliers", "/employees", "/services", "/products", "/stock-entries"])
      expect((await call("DELETE", `${path}/999999999`, company.token)).status, path).toBe(404);
  });

  it("names exactly the consequences missing", () => {
    expect(() => requireAcknowledged(["irreversible", "cascade"], DELETE_ASKS.customer)).not.toThrow();
    expect(() => requireAcknowledged(["irreversible"], DELETE_ASKS.customer)).toThrow(
      expect.objectContaining({ code: "acknowledgement_required", fields: { acknowledge_cascade: { code: "acknowledgement_required" } } }),
    );
    expect(() => requireAcknowledged(undefined, DELETE_ASKS.stock_document)).toThrow(
      expect.objectContaining({
        fields: {
          acknowledge_inventory: { code: "acknowledgement_required" },
          acknowledge_irreversible: { code: "acknowledgement_required" },
        },
      }),
    );
  });
});
