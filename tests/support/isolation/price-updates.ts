import { tenantSchema } from "../../../db/client";
import type { IsolationArea, IsolationCompany } from "./types";

let n = 0;
// Ids far above anything the other company has: the same id must not exist there.
const farId = () => 900_000 + (n++ % 1000) * 97 + Math.floor(Math.random() * 90);

/** A price update of `theirs`, straight in its operations table. */
async function priceUpdate(theirs: IsolationCompany) {
  const id = farId();
  await theirs.db.insert(tenantSchema.backgroundOperations).values({
    id,
    batchId: `theirs-${id}`,
    label: "Theirs",
    type: "price_update",
    status: "completed",
    params: {
      price_level_id: 1,
      currency_id: 1,
      query: "",
      supplier_id: null,
      change: "percentage",
      value: "0",
      rounding: "none",
      skip_missing: true,
    },
  });
  return String(id);
}

export const isolation: IsolationArea = {
  bodies: {
    "post /price-updates": { price_level_id: 1, currency_id: 1, change: "percentage", value: "5" },
    "post /price-updates/{id}/revert": {},
  },
  records: {
    "/price-updates/": priceUpdate,
  },
};
