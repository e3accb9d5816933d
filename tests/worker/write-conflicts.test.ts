import { describe, expect, it } from "vitest";
import { tenantSchema } from "../../db/client";
import { isForeignKeyViolation, isUniqueViolation } from "../../worker/domain/shared/input";
import { makeCompany } from "../support/factories";

const t = tenantSchema;

/** The error the database gives for a write, as the domain's catch blocks receive it. */
async function refusal(write: () => Promise<unknown>): Promise<unknown> {
  try {
    await write();
  } catch (error) {
    return error;
  }
  throw new Error("expected the database to refuse the write");
}

describe("the database's refusals of a write", () => {
  it("name a unique column as table.column, and only that one", async () => {
    const { db } = await makeCompany({ locations: ["Depot"] });
    const error = await refusal(() => db.insert(t.locations).values({ label: "Depot" }));
    expect(isUniqueViolation(error)).toBe(true);
    expect(isUniqueViolation(error, "locations.label")).toBe(true);
    expect(isUniqueViolation(error, "customers.number")).toBe(false);
    expect(isForeignKeyViolation(error)).toBe(false);
  });

  it("name the column of a unique index that ignores case", async () => {
    const { db } = await makeCompany();
    await db.insert(t.services).values({ reference: "FIT-1", label: "Fitting" });
    const error = await refusal(() => db.insert(t.services).values({ reference: "fit-1", label: "Fitting again" }));
    expect(isUniqueViolation(error, "services.reference")).toBe(true);
    expect(isUniqueViolation(error, "services.label")).toBe(false);
  });

  it("tell a missing referenced row from a unique conflict", async () => {
    const { db } = await makeCompany();
    const error = await refusal(() => db.insert(t.attributeOptions).values({ attributeId: 999_999, label: "Orphan" }));
    expect(isForeignKeyViolation(error)).toBe(true);
    expect(isUniqueViolation(error)).toBe(false);
  });
});
