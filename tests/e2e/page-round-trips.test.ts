import { beforeAll, describe, expect, it } from "vitest";
import { ADMINISTRATOR_PERMISSIONS } from "../../worker/domain/identity/permissions";
import { makeCompany, makeUser } from "../support/e2e-factories";
import { fetchApp } from "../support/e2e-fetch-app";

// Outside production, each answer says in `server-timing` how many database round trips it made
// before it was sent. The fewest of three requests: an isolate's first request also checks the
// company's schema, and the maintenance flag is read again every few seconds.
async function roundTrips(path: string, cookie: string): Promise<number> {
  const counts: number[] = [];
  for (let i = 0; i < 3; i++) {
    const response = await fetchApp(path, { cookie });
    expect(response.status, path).toBe(200);
    await response.arrayBuffer();
    counts.push(Number(/db;desc="(\d+) round trips"/.exec(response.headers.get("server-timing") ?? "")?.[1]));
  }
  return Math.min(...counts);
}

let cookie: string;

beforeAll(async () => {
  const company = await makeCompany(undefined, ["Entrepôt"]);
  ({ cookie } = await makeUser(company.companyId, [...ADMINISTRATOR_PERMISSIONS]));
});

describe("a list page at the address of its menu entry", () => {
  // The session, then one batch: the user's saved views, the list, its filters' choices and the shell's figures.
  it.each([
    "/inventory/stock-level",
    "/products-and-services/products",
    "/sales/estimates",
    "/sales/sales-orders",
    "/sales/shipping-orders",
    "/inventory/stock-entries",
    "/inventory/purchase-orders",
    "/contacts/suppliers",
    "/contacts/customers",
  ])("%s makes two round trips", async (path) => {
    expect(await roundTrips(path, cookie)).toBe(2);
  });
});
