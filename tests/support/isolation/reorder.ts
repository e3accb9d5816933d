import type { IsolationArea } from "./types";

// Reorder and backorder read and write through purchase orders: no {id} route of their own.
export const isolation: IsolationArea = {
  bodies: {
    "post /reorder": { location_id: 1, lines: [{ variant_id: 1, quantity: "1", supplier_id: 1 }] },
    "post /backorder": { lines: [{ variant_id: 1, location_id: 1, quantity: "1", supplier_id: 1 }] },
  },
  records: {},
};
