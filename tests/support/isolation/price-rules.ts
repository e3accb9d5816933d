import { tenantSchema } from "../../../db/client";
import type { IsolationArea, IsolationCompany } from "./types";

let n = 0;
// Ids far above anything the other company has: the same id must not exist there.
const farId = () => 900_000 + (n++ % 1000) * 97 + Math.floor(Math.random() * 90);

/** A price rule of `theirs`, straight in its table. */
async function priceRule(theirs: IsolationCompany) {
  const id = farId();
  await theirs.db.insert(tenantSchema.priceRules).values({ id, number: id, label: "Theirs", priceType: "set", value: 10_000 });
  return String(id);
}

export const isolation: IsolationArea = {
  bodies: {
    "post /price-rules": { label: "Mine", price_type: "set", value: "1" },
    "patch /price-rules/{id}": { label: "Renamed" },
  },
  records: {
    "/price-rules/": priceRule,
  },
};
