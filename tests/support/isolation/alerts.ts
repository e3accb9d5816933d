import { tenantSchema } from "../../../db/client";
import type { IsolationArea, IsolationCompany } from "./types";

let n = 0;
// Ids far above anything the other company has: the same id must not exist there.
const farId = () => 930_000 + (n++ % 1000) * 89 + Math.floor(Math.random() * 80);

async function alert(theirs: IsolationCompany) {
  const id = farId();
  await theirs.db
    .insert(tenantSchema.alerts)
    .values({ id, label: `Theirs ${id}`, trigger: "new_sales_order", recipient: "account_representative" });
  return String(id);
}

export const isolation: IsolationArea = {
  bodies: {
    "post /alerts": { label: "Isolation alert", trigger_alert: "new_sales_order", recipient: "account_representative" },
    "patch /alerts/{id}": { label: "Renamed alert" },
  },
  records: {
    "/alerts/": alert,
  },
};
