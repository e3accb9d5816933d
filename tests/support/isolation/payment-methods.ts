import { tenantSchema } from "../../../db/client";
import type { IsolationArea, IsolationCompany } from "./types";

let n = 0;
// Ids far above anything the other company has: the same id must not exist there.
const farId = () => 910_000 + (n++ % 1000) * 89 + Math.floor(Math.random() * 80);

async function paymentMethod(theirs: IsolationCompany) {
  const id = farId();
  await theirs.db.insert(tenantSchema.paymentMethods).values({ id, label: `Theirs ${id}`, labelKey: `theirs ${id}` });
  return String(id);
}

export const isolation: IsolationArea = {
  bodies: {
    "post /payment-methods": { label: "Isolation voucher", pos: true },
    "patch /payment-methods/{id}": { label: "Renamed voucher" },
    "post /payment-methods/{id}/enable": {},
    "post /payment-methods/{id}/disable": {},
  },
  records: {
    "/payment-methods/": paymentMethod,
  },
};
