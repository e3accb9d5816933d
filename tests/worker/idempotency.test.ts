import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { tenantSchema } from "../../db/client";
import { ABANDONED_CLAIM_MS, IDEMPOTENCY_KEY_TTL_MS } from "../../worker/domain/shared/idempotency";
import { addUser, makeCompany } from "../support/factories";
import { fetchApp } from "../support/fetch-app";

const t = tenantSchema;

function post(token: string, path: string, body: unknown, key?: string) {
  return fetchApp(`/api/v1${path}`, {
    method: "POST",
    token,
    headers: { "content-type": "application/json", ...(key !== undefined ? { "idempotency-key": key } : {}) },
    body: JSON.stringify(body),
  });
}

async function services(company: Awaited<ReturnType<typeof makeCompany>>) {
  const [row] = await company.db.all<{ n: number }>(sql`select count(*) as n from services`);
  return Number(row!.n);
}

const service = (reference: string) => ({ reference, label: `Service ${reference}`, price: "10" });

describe("Idempotency-Key on the API's POSTs", () => {
  it("the same key and body twice create one record and answer the same, the second marked as replayed", async () => {
    const company = await makeCompany();
    const first = await post(company.token, "/services", service("S-1"), "key-1");
    const second = await post(company.token, "/services", service("S-1"), "key-1");
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    expect(second.headers.get("idempotent-replayed")).toBe("true");
    expect(second.headers.get("content-type")).toContain("application/json");
    expect(await second.text()).toBe(await first.text());
    expect(await services(company)).toBe(1);
  });

  it("the same key with another body answers 422 idempotency_key_reused and creates nothing", async () => {
    const company = await makeCompany();
    expect((await post(company.token, "/services", service("S-1"), "key-1")).status).toBe(201);
    const other = await post(company.token, "/services", service("S-2"), "key-1");
    expect(other.status).toBe(422);
    expect(((await other.json()) as { error: { code: string; message: string } }).error).toMatchObject({
      code: "idempotency_key_reused",
      message: expect.stringMatching(/idempotency key/i),
    });
    // The same body on another path is another request too.
    expect((await post(company.token, "/customers", { label: "Acme" }, "key-1")).status).toBe(422);
    expect(await services(company)).toBe(1);
  });

  it("10 requests sent at once with the same key make exactly one record; the others wait their turn or replay", async () => {
    const company = await makeCompany();
    const answers = await Promise.all(Array.from({ length: 10 }, () => post(company.token, "/services", service("S-1"), "same")));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201).length).toBeGreaterThanOrEqual(1);
    expect(statuses.every((s) => s === 201 || s === 409)).toBe(true);
    for (const answer of answers.filter((a) => a.status === 409))
      expect(((await answer.json()) as { error: { code: string } }).error.code).toBe("idempotency_key_in_progress");
    expect(answers.filter((a) => a.status === 201 && !a.headers.get("idempotent-replayed"))).toHaveLength(1);
    expect(await services(company)).toBe(1);
  });

  it("a refused request (4xx) is kept and replayed; a key is the caller's own", async () => {
    const company = await makeCompany();
    const refused = await post(company.token, "/services", { label: "no reference" }, "k");
    expect(refused.status).toBe(422);
    const again = await post(company.token, "/services", { label: "no reference" }, "k");
    expect(again.status).toBe(422);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    // Another caller of the same company may use the same key for its own request.
    const colleague = await addUser(company.companyId, { permissions: ["edit_services", "view_services"] });
    expect((await post(colleague.token, "/services", service("S-9"), "k")).status).toBe(201);
    expect(await services(company)).toBe(1);
  });

  it("refuses a key that is empty, too long or not printable with 400 idempotency_key_invalid", async () => {
    const company = await makeCompany();
    for (const key of ["", "x".repeat(256), "tab\there"]) {
      const answer = await post(company.token, "/services", service("S-1"), key);
      expect(answer.status, JSON.stringify(key)).toBe(400);
      expect(((await answer.json()) as { error: { code: string } }).error.code).toBe("idempotency_key_invalid");
    }
    expect((await post(company.token, "/services", service("S-1"), "x".repeat(255))).status).toBe(201);
    expect(await services(company)).toBe(1);
  });

  it("forgets keys after 24 hours: an old key runs the request again, and old rows are purged", async () => {
    const company = await makeCompany();
    expect((await post(company.token, "/services", service("S-1"), "old")).status).toBe(201);
    await company.db.update(t.idempotencyKeys).set({ createdAt: Date.now() - IDEMPOTENCY_KEY_TTL_MS - 1000 });
    const later = await post(company.token, "/services", service("S-2"), "old");
    expect(later.status).toBe(201);
    expect(later.headers.get("idempotent-replayed")).toBeNull();
    expect(await services(company)).toBe(2);
    const rows = await company.db.select().from(t.idempotencyKeys).where(eq(t.idempotencyKeys.key, "old"));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.createdAt).toBeGreaterThan(Date.now() - 60_000);
  });

  it("a claim left without an answer answers 409 while fresh, and is freed after 5 minutes (a request cut off before saving)", async () => {
    const company = await makeCompany();
    expect((await post(company.token, "/services", service("S-1"), "cut")).status).toBe(201);
    // As if the request had been cut off before its write batch: its claim alone, nothing saved.
    await company.db.update(t.idempotencyKeys).set({ status: null, body: null, contentType: null, committedAt: null, resource: null });
    await company.db.delete(t.services);
    const running = await post(company.token, "/services", service("S-1"), "cut");
    expect(running.status).toBe(409);
    expect(((await running.json()) as { error: { code: string } }).error.code).toBe("idempotency_key_in_progress");
    await company.db.update(t.idempotencyKeys).set({ createdAt: Date.now() - ABANDONED_CLAIM_MS - 1000 });
    const retried = await post(company.token, "/services", service("S-1"), "cut");
    // It runs again, and saves once.
    expect(retried.status).toBe(201);
    expect(retried.headers.get("idempotent-replayed")).toBeNull();
    expect(await services(company)).toBe(1);
  });

  it("a request cut off after saving, before its answer, is answered from the record it saved, however long after", async () => {
    const company = await makeCompany();
    const first = await post(company.token, "/services", service("S-1"), "cut-late");
    expect(first.status).toBe(201);
    // Its write batch marked the key committed, naming the service; the answer never came.
    await company.db
      .update(t.idempotencyKeys)
      .set({ status: null, body: null, contentType: null, createdAt: Date.now() - ABANDONED_CLAIM_MS - 1000 });
    const retried = await post(company.token, "/services", service("S-1"), "cut-late");
    expect([retried.status, retried.headers.get("idempotent-replayed")]).toEqual([201, "true"]);
    expect(await retried.text()).toBe(await first.text());
    expect(await services(company)).toBe(1);
  });

  it("requests without the header are not affected, and other methods ignore it", async () => {
    const company = await makeCompany();
    expect((await post(company.token, "/services", service("S-1"))).status).toBe(201);
    expect((await post(company.token, "/services", service("S-2"))).status).toBe(201);
    const list = await fetchApp("/api/v1/services", { token: company.token, headers: { "idempotency-key": "" } });
    expect(list.status).toBe(200);
    expect(await services(company)).toBe(2);
  });
});
