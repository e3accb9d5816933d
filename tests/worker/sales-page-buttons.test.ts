import { describe, expect, it } from "vitest";
import * as estimatePage from "../../app/routes/sales/estimates/detail";
import * as salesOrderPage from "../../app/routes/sales/sales-orders/detail";
import * as shippingOrderPage from "../../app/routes/sales/shipping-orders/detail";
import { formPost, pageContext } from "../support/page-context";
import { api, pricedVariant, salesWorld } from "./sales-fixtures";

type Page = { loader: (args: never) => Promise<unknown>; action: (args: never) => Promise<unknown> };

const PAGES = {
  estimate: { page: estimatePage as unknown as Page, path: "/sales/estimates" },
  sales_order: { page: salesOrderPage as unknown as Page, path: "/sales/sales-orders" },
  shipping_order: { page: shippingOrderPage as unknown as Page, path: "/sales/shipping-orders" },
} as const;
type Kind = keyof typeof PAGES;

/** The ways each page's document reaches its statuses by pressing its own buttons, from a new one. */
const PATHS: Record<Kind, Record<string, string[]>> = {
  estimate: { pending: [], accepted: ["accept"], rejected: ["reject"], accepted_and_transformed: ["transform"] },
  sales_order: { pending: [], completed_manually: ["complete"], cancelled: ["cancel"] },
  shipping_order: {
    make_the_shipment: [],
    in_preparation: ["prepare"],
    ready_to_ship: ["prepare", "ready"],
    shipped: ["ship"],
    delivered: ["ship", "deliver"],
    cancelled: ["cancel"],
  },
};

async function world() {
  const w = await salesWorld();
  const { context } = await pageContext(w.company);
  const mug = await pricedVariant(w.db, w.level, "10");
  await api(w.token, "POST", "/stock-entries", { location_id: w.location, lines: [{ variant_id: mug.id, quantity: "10000" }] });
  const fresh = async (kind: Kind): Promise<number> => {
    const lines = [{ variant_id: mug.id, quantity: "2" }];
    if (kind === "estimate")
      return (await api(w.token, "POST", "/estimates", { customer_id: w.customer.id, location_id: w.location, lines })).body.id;
    const order = (await api(w.token, "POST", "/sales-orders", { customer_id: w.customer.id, location_id: w.location, lines })).body.id;
    if (kind === "sales_order") return order;
    return (await api(w.token, "POST", "/shipping-orders", { sales_order_id: order })).body.id;
  };
  /** The page's buttons (its loader's intents). */
  const buttons = async (kind: Kind, id: number): Promise<{ status: string; intents: string[] }> => {
    const { page, path } = PAGES[kind];
    const data = (await page.loader({
      request: new Request(`http://app.test${path}/${id}`),
      params: { id: String(id) },
      context,
    } as never)) as {
      doc: { status: string };
      intents: string[];
    };
    return { status: data.doc.status, intents: data.intents };
  };
  /** Presses a button: the page answers a redirect when the move is made, else the refusal it shows. */
  const press = async (kind: Kind, id: number, intent: string): Promise<string> => {
    const { page, path } = PAGES[kind];
    const answer = await page.action({ request: formPost(`${path}/${id}`, { intent }), params: { id: String(id) }, context } as never);
    if (answer instanceof Response) return answer.status === 302 ? "moved" : `status ${answer.status}`;
    return `refused ${(answer as { data: { error: string } }).data.error}`;
  };
  return { fresh, buttons, press };
}

describe("every button a sales document's page shows makes its move when pressed", () => {
  it.each(Object.keys(PAGES) as Kind[])("the %s page, in every status its buttons reach", async (kind) => {
    const w = await world();
    const failures: string[] = [];
    for (const [status, path] of Object.entries(PATHS[kind])) {
      const probe = await w.fresh(kind);
      for (const intent of path) expect(await w.press(kind, probe, intent), `${kind} → ${intent}`).toBe("moved");
      const shown = await w.buttons(kind, probe);
      expect(shown.status).toBe(status);
      for (const intent of shown.intents) {
        const id = await w.fresh(kind);
        for (const step of path) await w.press(kind, id, step);
        const answer = await w.press(kind, id, intent);
        if (answer !== "moved") failures.push(`${status}: ${intent} shown, pressing it answered ${answer}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
