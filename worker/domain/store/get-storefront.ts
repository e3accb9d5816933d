import { tenantSchema } from "../../../db/client";
import { can, type Ctx } from "../shared/ctx";
import { storePalette, type StorePalette } from "./branding";
import { buyerOf } from "./buyer";
import { buyerVisit, visitDue, visitFacts } from "./buyer-visit";
import { isMeasurementId, storeSettingsOf, type StoreSettings } from "./settings/store-settings";

/** What every storefront page shows of the store's settings: its menu, colours and what it displays (platform spec §2). */
export interface StorefrontView {
  open: boolean;
  /** Staff with b2b_portal viewing the store as a customer: Leave store, and no ordering. */
  viewingAsStaff: boolean;
  menu: {
    orders: boolean;
    invoices: boolean;
    aboutUs: boolean;
    /** The help entry: only when the store has both a phone and an email. */
    help: { phone: string; email: string } | null;
    cart: boolean;
  };
  palette: StorePalette;
  display: Pick<StoreSettings, "display_stock" | "display_prices" | "display_out_of_stock">;
  /** The store sells below zero (allow_negative_stock): a sold-out line may still be ordered. */
  sellsBelowZero: boolean;
  externalReferenceLabel: string | null;
  aboutUs: string | null;
  /** The banner's version (its key), when the store has one: /b2b/images/banner?v=… */
  banner: string | null;
  /** The store's analytics id (Google Analytics), measured on its buyers' pages only (not staff viewing the store). */
  analyticsId: string | null;
}

export function storefrontOf(settings: StoreSettings, viewingAsStaff: boolean): StorefrontView {
  return {
    open: settings.status,
    viewingAsStaff,
    menu: {
      orders: !settings.hide_orders,
      invoices: !settings.hide_invoices,
      aboutUs: Boolean(settings.about_us),
      help: settings.phone && settings.email ? { phone: settings.phone, email: settings.email } : null,
      cart: !settings.prevent_from_ordering,
    },
    palette: storePalette(settings.primary_color, settings.secondary_color),
    display: {
      display_stock: settings.display_stock,
      display_prices: settings.display_prices,
      display_out_of_stock: settings.display_out_of_stock,
    },
    sellsBelowZero: settings.allow_negative_stock,
    externalReferenceLabel: settings.external_reference_label,
    aboutUs: settings.about_us,
    banner: settings.banner_key,
    // A stored id from before the rule was tightened loads nothing unless it is a measurement id.
    analyticsId: viewingAsStaff || !isMeasurementId(settings.ga_tracking_id) ? null : settings.ga_tracking_id,
  };
}

/**
 * The store as its buyer (or staff viewing it as a customer) sees it. Every store page asks for it,
 * so it records the buyer's visit (buyer-visit.ts): read with the settings, written only when due,
 * about once an hour. Staff viewing the store are not its buyers.
 */
export async function getStorefront(ctx: Ctx, _input: Record<string, never> = {}): Promise<StorefrontView> {
  const buyer = buyerOf(ctx);
  const viewingAsStaff = can(ctx, { allOf: ["b2b_portal"] });
  const { db } = ctx;
  const [[row], [customer]] = await db.batch([
    db.select({ settings: tenantSchema.storeSettings.settings }).from(tenantSchema.storeSettings).limit(1),
    visitFacts(db, buyer),
  ]);
  const now = ctx.now();
  if (!viewingAsStaff && visitDue(customer, now)) await db.run(buyerVisit(now, buyer));
  return storefrontOf(storeSettingsOf(row?.settings), viewingAsStaff);
}
