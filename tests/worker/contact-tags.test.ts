import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { tenantSchema } from "../../db/client";
import { addUser, makeCompany } from "../support/factories";
import { callApi as call } from "../support/fetch-app";

interface Tag {
  id: number;
  label: string;
  usage_count: number;
}
interface ErrorBody {
  error: { code: string; fields?: Record<string, { code: string }> };
}

const kinds = [
  {
    path: "/customer-tags",
    contacts: "/customers",
    contact: (tagIds: number[]) => ({ label: "Tagged customer", tag_ids: tagIds }),
    links: tenantSchema.customerTagLinks,
    view: "view_customers",
    edit: "edit_customers",
  },
  {
    path: "/supplier-tags",
    contacts: "/suppliers",
    contact: (tagIds: number[]) => ({ name: "Tagged supplier", tag_ids: tagIds }),
    links: tenantSchema.supplierTagLinks,
    view: "view_suppliers",
    edit: "edit_suppliers",
  },
] as const;

describe.each(kinds)("/api/v1$path", (kind) => {
  async function create(token: string, label: string): Promise<Tag> {
    const response = await call("POST", kind.path, token, { label });
    expect(response.status, await response.clone().text()).toBe(201);
    return (await response.json()) as Tag;
  }

  it("creates, lists by label, renames and reads tags", async () => {
    const { token } = await makeCompany();
    const wholesale = await create(token, "  Wholesale ");
    await create(token, "abroad");
    expect(wholesale).toMatchObject({ label: "Wholesale", usage_count: 0 });
    const listed = (await (await call("GET", `${kind.path}?total_count=true`, token)).json()) as { items: Tag[]; totalCount: number };
    expect(listed.items.map((t) => t.label)).toEqual(["abroad", "Wholesale"]);
    expect(listed.totalCount).toBe(2);
    const renamed = await call("PATCH", `${kind.path}/${wholesale.id}`, token, { label: "Trade" });
    expect(await renamed.json()).toMatchObject({ id: wholesale.id, label: "Trade" });
    expect(await (await call("GET", `${kind.path}/${wholesale.id}`, token)).json()).toMatchObject({ label: "Trade" });
    const searched = (await (await call("GET", `${kind.path}?search=tr`, token)).json()) as { items: Tag[] };
    expect(searched.items.map((t) => t.label)).toEqual(["Trade"]);
  });

  it("refuses a label another tag has, whatever its case, with 409 naming the field", async () => {
    const { token } = await makeCompany();
    await create(token, "Priority");
    const other = await create(token, "Other");
    for (const response of [
      await call("POST", kind.path, token, { label: "PRIORITY" }),
      await call("PATCH", `${kind.path}/${other.id}`, token, { label: "priority" }),
    ]) {
      expect(response.status).toBe(409);
      expect(((await response.json()) as ErrorBody).error).toMatchObject({
        code: "tag_label_taken",
        fields: { label: { code: "tag_label_taken" } },
      });
    }
    // A tag keeps its own label with another case.
    expect((await call("PATCH", `${kind.path}/${other.id}`, token, { label: "OTHER" })).status).toBe(200);
  });

  it("refuses a missing or too long label with 422 naming the field", async () => {
    const { token } = await makeCompany();
    for (const [body, code] of [
      [{}, "required"],
      [{ label: " " }, "required"],
      [{ label: "x".repeat(101) }, "too_long"],
    ] as const) {
      const response = await call("POST", kind.path, token, body);
      expect(response.status).toBe(422);
      expect(((await response.json()) as ErrorBody).error.fields?.label?.code).toBe(code);
    }
  });

  it("counts the contacts carrying a tag, and deleting it takes it off them", async () => {
    const company = await makeCompany();
    const { token } = company;
    const tag = await create(token, "Seasonal");
    const contact = (await (await call("POST", kind.contacts, token, kind.contact([tag.id]))).json()) as { id: number; tag_ids: number[] };
    expect(contact.tag_ids).toEqual([tag.id]);
    expect(await (await call("GET", `${kind.path}/${tag.id}`, token)).json()).toMatchObject({ usage_count: 1 });
    expect((await call("DELETE", `${kind.path}/${tag.id}`, token)).status).toBe(204);
    expect((await call("GET", `${kind.path}/${tag.id}`, token)).status).toBe(404);
    expect(await company.db.select().from(kind.links).where(eq(kind.links.tagId, tag.id))).toEqual([]);
    expect(await (await call("GET", `${kind.contacts}/${contact.id}`, token)).json()).toMatchObject({ tag_ids: [], tags: [] });
    expect((await call("DELETE", `${kind.path}/${tag.id}`, token)).status).toBe(404);
  });

  it(`needs ${kind.view} to read and ${kind.edit} to write`, async () => {
    const company = await makeCompany();
    const tag = await create(company.token, "Guarded");
    const reader = await addUser(company.companyId, { permissions: [kind.view] });
    const nobody = await addUser(company.companyId, { permissions: [] });
    expect((await call("GET", kind.path, nobody.token)).status).toBe(403);
    expect((await call("GET", kind.path, reader.token)).status).toBe(200);
    expect((await call("POST", kind.path, reader.token, { label: "No" })).status).toBe(403);
    expect((await call("PATCH", `${kind.path}/${tag.id}`, reader.token, { label: "No" })).status).toBe(403);
    expect((await call("DELETE", `${kind.path}/${tag.id}`, reader.token)).status).toBe(403);
  });
});
