import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { controlSchema, tenantSchema } from "../../db/client";
import type { Ctx } from "../../worker/domain/shared/ctx";
import { acceptInvitation } from "../../worker/domain/users/company-invitations";
import { INVITATION_PENDING_HASH } from "../../worker/domain/users/staff";
import { getStorefront } from "../../worker/domain/store/get-storefront";
import { getCart } from "../../worker/domain/store/get-cart";
import { listStoreCatalogue } from "../../worker/domain/store/list-store-catalogue";
import { getStoreCatalogueChoices } from "../../worker/domain/store/store-catalogue-choices";
import { placeStoreOrder } from "../../worker/domain/store/place-store-order";
import { requestStoreAccess } from "../../worker/domain/store/request-store-access";
import { companyOfStoreHost, companyOfStoreSlug } from "../../worker/domain/store/settings/store-addresses";
import { readStoreImage, removeStoreImage, setStoreImage } from "../../worker/domain/store/settings/store-images";
import { getStoreSettings, updateStoreSettings } from "../../worker/domain/store/settings/store-settings-verbs";
import { getStoreDashboard } from "../../worker/domain/store/store-dashboard";
import {
  decideAccessRequest,
  inviteStoreBuyer,
  listStoreCustomers,
  setCustomerStoreAccess,
} from "../../worker/domain/store/store-customers";
import { updateCartItem } from "../../worker/domain/store/update-cart-item";
import { leaveStore, viewStoreAsCustomer } from "../../worker/domain/store/view-as-customer";
import { attemptLimiter } from "../../worker/durable-objects/sign-in-throttle";
import type { Bindings } from "../../worker/env";
import { verifyStoreDomain } from "../../worker/domain/store/settings/verify-store-domain";
import { dohTxtResolver } from "../../worker/integrations/dns/doh-txt-resolver";
import { answerDns } from "../support/fake-doh";
import { addUser, control, ctxOf } from "../support/factories";
import { outboxRowsFor } from "../support/outbox";
import { salesWorld, stockLevel } from "./sales-fixtures";
import { buyer, openStore, storeVariant } from "./store-fixtures";

const t = tenantSchema;
const PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";
const { memberships, users, invitations } = controlSchema;
const baseUrl = "https://app.example.test";
const settled = <T>(promises: Promise<T>[]) => Promise.allSettled(promises);
const codes = (results: PromiseSettledResult<unknown>[]) =>
  results.map((r) => (r.status === "fulfilled" ? "ok" : ((r.reason as { code?: string }).code ?? String(r.reason))));
// The access form's limits as the page passes them, without an address (each test's store is new).
const accessLimits = () => ({ limiter: attemptLimiter((env as unknown as Bindings).SIGN_IN_THROTTLE), address: null });

/** Gives the store its own domain, verified through its TXT record (the tests' DNS-over-HTTPS fake holds it). */
async function ownDomain(ctx: Awaited<ReturnType<typeof ctxOf>>, domain: string) {
  const { custom_domain_record: record } = await updateStoreSettings(ctx, { custom_domain: domain });
  await answerDns(record!.name, { txt: [record!.value] });
  const resolver = dohTxtResolver((env as unknown as { DNS_OVER_HTTPS_URL: string }).DNS_OVER_HTTPS_URL);
  expect((await verifyStoreDomain(ctx, { resolver })).custom_domain_status).toBe("verified");
}

describe("the store's settings", () => {
  it("start closed with the defaults, and save only what each page sends", async () => {
    const w = await salesWorld();
    const staff = await ctxOf(w.company);
    const fresh = await getStoreSettings(staff);
    expect(fresh).toMatchObject({ status: false, display_prices: true, allow_negative_stock: false, url: null, custom_domain: null });
    await updateStoreSettings(staff, { status: true, primary_color: "#1E88E5", shipping_cost: "7.5" });
    const saved = await updateStoreSettings(staff, { about_us: "Since 1998." });
    expect(saved).toMatchObject({ status: true, primary_color: "#1e88e5", shipping_cost: "7.5000", about_us: "Since 1998." });
  });

  it("keeps both of two pages saved at once, and stores its images, replacing the previous one", async () => {
    const w = await salesWorld();
    const staff = await ctxOf(w.company);
    await Promise.all([
      updateStoreSettings(staff, { about_us: "Us." }),
      updateStoreSettings(staff, { phone: "+33 1 02 03 04 05" }),
      updateStoreSettings(staff, { hide_orders: true }),
    ]);
    expect(await getStoreSettings(staff)).toMatchObject({ about_us: "Us.", phone: "+33 1 02 03 04 05", hide_orders: true });
    const png = Uint8Array.from(atob(PNG), (c) => c.charCodeAt(0)).buffer;
    await expect(setStoreImage(staff, { image: "banner", bytes: new TextEncoder().encode("not an image").buffer })).rejects.toMatchObject({
      fields: { banner: { code: "invalid_image" } },
    });
    await setStoreImage(staff, { image: "banner", bytes: png });
    const first = (await getStoreSettings(staff)).banner_key!;
    await setStoreImage(staff, { image: "banner", bytes: png });
    const second = (await getStoreSettings(staff)).banner_key!;
    expect(second).not.toBe(first);
    expect(second.startsWith(`companies/${w.company.companyId}/store/banner/`)).toBe(true);
    expect(await staff.files.get(first)).toBeNull();
    const stored = await readStoreImage((await buyer(w)).ctx, { image: "banner" });
    expect(stored?.contentType).toBe("image/png");
    await stored?.body.cancel();
    // The image keys are the uploads' own: the settings pages cannot point them elsewhere.
    await expect(updateStoreSettings(staff, { banner_key: "companies/other/secret.png" })).rejects.toMatchObject({
      fields: { banner_key: { code: "unknown_field" } },
    });
    await removeStoreImage(staff, { image: "banner" });
    expect((await getStoreSettings(staff)).banner_key).toBeNull();
    expect(await staff.files.get(second)).toBeNull();
    // What the other pages saved is still there.
    expect(await getStoreSettings(staff)).toMatchObject({ about_us: "Us.", hide_orders: true });
  });

  it("names the field at fault: a colour, an address, an unknown tag; and nothing is saved", async () => {
    const w = await salesWorld();
    const staff = await ctxOf(w.company);
    await expect(updateStoreSettings(staff, { primary_color: "red", status: true })).rejects.toMatchObject({
      code: "validation_failed",
      fields: { primary_color: { code: "invalid_colour" } },
    });
    await expect(updateStoreSettings(staff, { url: "Épicerie du coin" })).rejects.toMatchObject({
      fields: { url: { code: "invalid_slug" } },
    });
    await expect(updateStoreSettings(staff, { visible_tag_ids: [987654] })).rejects.toMatchObject({
      fields: { visible_tag_ids: { code: "unknown_tag" } },
    });
    await expect(updateStoreSettings(staff, { nonsense: true })).rejects.toMatchObject({ fields: { nonsense: { code: "unknown_field" } } });
    expect((await getStoreSettings(staff)).status).toBe(false);
  });

  it("takes a Google Analytics measurement id only, never a Tag Manager container, and loads no stored container", async () => {
    const w = await salesWorld();
    const staff = await ctxOf(w.company);
    for (const id of ["GTM-ABC1234", "UA-1234-1", "AW-123456", "G-", "G-ABC;alert(1)"])
      await expect(updateStoreSettings(staff, { ga_tracking_id: id }), id).rejects.toMatchObject({
        fields: { ga_tracking_id: { code: "invalid_analytics_id" } },
      });
    await updateStoreSettings(staff, { ga_tracking_id: "g-test1234" });
    expect((await getStoreSettings(staff)).ga_tracking_id).toBe("G-TEST1234");
    const b = await buyer(w);
    await openStore(w, { ga_tracking_id: "G-TEST1234" });
    expect((await getStorefront(b.ctx)).analyticsId).toBe("G-TEST1234");
    // A container saved before the rule: the store loads no tag.
    await openStore(w, { ga_tracking_id: "GTM-ABC1234" });
    expect((await getStorefront(b.ctx)).analyticsId).toBeNull();
  });

  it("gives each address to one store only, even when two companies ask at once", async () => {
    const [a, b] = [await salesWorld(), await salesWorld()];
    const slug = `shop-${Date.now().toString(36)}`;
    const results = await settled([
      updateStoreSettings(await ctxOf(a.company), { url: slug }),
      updateStoreSettings(await ctxOf(b.company), { url: slug }),
    ]);
    expect(codes(results).sort()).toEqual(["ok", "store_address_taken"]);
    const owner = await companyOfStoreSlug(control, slug);
    expect([a.company.companyId, b.company.companyId]).toContain(owner);
    // The store is found from its sub-domain and its own domain; the back-office's host names no store.
    const domain = `shop-${Date.now().toString(36)}.example.test`;
    await ownDomain(await ctxOf(a.company), domain.toUpperCase());
    expect(await companyOfStoreHost(control, `${domain}:443`, "stores.example.test")).toBe(a.company.companyId);
    expect(await companyOfStoreHost(control, `${slug}.stores.example.test`, "stores.example.test")).toBe(owner);
    expect(await companyOfStoreHost(control, "app.example.test", "stores.example.test")).toBeNull();
    expect(await companyOfStoreHost(control, `x.${slug}.stores.example.test`, "stores.example.test")).toBeNull();
  });

  it("are read with view_customers and changed with edit_customers only", async () => {
    const w = await salesWorld();
    const viewer = await ctxOf(w.company, { permissions: ["view_customers"] });
    await expect(getStoreSettings(viewer)).resolves.toMatchObject({ status: false });
    await expect(updateStoreSettings(viewer, { status: true })).rejects.toMatchObject({ code: "forbidden" });
    await expect(getStoreSettings(await ctxOf(w.company, { permissions: ["view_products"] }))).rejects.toMatchObject({ code: "forbidden" });
  });
});

describe("the storefront follows the store's settings", () => {
  it("a closed store takes no cart change from its buyers", async () => {
    const w = await salesWorld();
    const mug = await storeVariant(w, 5);
    const b = await buyer(w);
    await openStore(w, { status: false });
    await expect(updateCartItem(b.ctx, { cart: b.cart(), change: { variant_id: mug.id, quantity: 1 } })).rejects.toMatchObject({
      code: "store_closed",
    });
    expect((await getStorefront(b.ctx)).open).toBe(false);
  });

  it("shows its menu by the settings: orders and invoices unless hidden, about us with its text, help with both phone and email, the cart unless it takes no orders", async () => {
    const w = await salesWorld();
    const b = await buyer(w);
    expect((await getStorefront(b.ctx)).menu).toEqual({ orders: true, invoices: true, aboutUs: false, help: null, cart: true });
    await openStore(w, {
      hide_orders: true,
      hide_invoices: true,
      about_us: "Us.",
      phone: "+33 1 02 03 04 05",
      prevent_from_ordering: true,
    });
    expect((await getStorefront(b.ctx)).menu).toEqual({ orders: false, invoices: false, aboutUs: true, help: null, cart: false });
    await openStore(w, { email: "help@example.test" });
    expect((await getStorefront(b.ctx)).menu.help).toEqual({ phone: "+33 1 02 03 04 05", email: "help@example.test" });
  });

  it("a store that takes no orders refuses one, and keeps the cart", async () => {
    const w = await salesWorld();
    const mug = await storeVariant(w, 5);
    const b = await buyer(w);
    await updateCartItem(b.ctx, { cart: b.cart(), change: { variant_id: mug.id, quantity: 2 } });
    await openStore(w, { prevent_from_ordering: true });
    await expect(placeStoreOrder(b.ctx, { cart: b.cart(), order: {} })).rejects.toMatchObject({ code: "store_ordering_disabled" });
    expect((await getCart(b.ctx, { cart: b.cart() })).items).toHaveLength(1);
  });

  it("sells below zero only when it allows it", async () => {
    const w = await salesWorld();
    const mug = await storeVariant(w, 2);
    const b = await buyer(w);
    const capped = await updateCartItem(b.ctx, { cart: b.cart(), change: { variant_id: mug.id, quantity: 5 } });
    expect(capped.items).toEqual([]);
    await openStore(w, { allow_negative_stock: true });
    const cart = await updateCartItem(b.ctx, { cart: b.cart(), change: { variant_id: mug.id, quantity: 5 } });
    expect(cart.items.map((i) => Number(i.quantity))).toEqual([5]);
    const order = await placeStoreOrder(b.ctx, { cart: b.cart(), order: {} });
    expect(order.status).toBe("pending_validation");
    expect(await stockLevel(w.db, mug.id, w.location)).toEqual({ onHand: 2, committed: 5 });
  });

  it("sells from all its active locations when it says so, and still never more than they hold together, however many buyers order at once", async () => {
    const w = await salesWorld();
    const mug = await storeVariant(w, 2);
    const [depot] = await w.db.insert(t.locations).values({ label: "Depot", shipping: false }).returning({ id: t.locations.id });
    await w.db.insert(t.stockLevels).values({ variantId: mug.id, locationId: depot!.id, onHand: 3 * 10_000_000 });
    const b = await buyer(w);
    const bound = async () => {
      const cart = await updateCartItem(b.ctx, { cart: b.cart(), change: { variant_id: mug.id, quantity: 9 } });
      return cart.items.map((i) => Number(i.quantity));
    };
    // 9 is over either bound: the click is ignored, and the catalogue tells what is left.
    expect(await bound()).toEqual([]);
    const left = async () => (await listStoreCatalogue(b.ctx, {})).items.map((i) => Number(i.available));
    expect(await left()).toEqual([2]);
    await openStore(w, { use_stock_from_all_locations: true });
    expect(await left()).toEqual([5]);
    const buyers = await Promise.all(Array.from({ length: 8 }, () => buyer(w)));
    for (const x of buyers) await updateCartItem(x.ctx, { cart: x.cart(), change: { variant_id: mug.id, quantity: 1 } });
    const results = await settled(buyers.map((x) => placeStoreOrder(x.ctx, { cart: x.cart(), order: {} })));
    expect(codes(results).filter((c) => c === "ok")).toHaveLength(5);
    expect(codes(results).filter((c) => c === "out_of_stock_not_allowed")).toHaveLength(3);
    // The orders reserve at the store's location, below zero there; the depot's units cover them.
    expect(await stockLevel(w.db, mug.id, w.location)).toEqual({ onHand: 2, committed: 5 });
  });

  it("confirms orders automatically and charges its shipping cost, or the customer's last one", async () => {
    const w = await salesWorld();
    const mug = await storeVariant(w, 10, "20");
    const b = await buyer(w);
    await openStore(w, { automatically_confirm_order: true, shipping_cost: "9.9" });
    await updateCartItem(b.ctx, { cart: b.cart(), change: { variant_id: mug.id, quantity: 1 } });
    const first = await placeStoreOrder(b.ctx, { cart: b.cart(), order: {} });
    expect(first).toMatchObject({ status: "pending", shipping_cost: "9.90" });
    await w.db.update(t.salesDocuments).set({ shippingCost: 42_000 }).where(eq(t.salesDocuments.id, first.id));
    await openStore(w, { get_last_customer_ship_cost: true });
    await updateCartItem(b.ctx, { cart: b.cart(), change: { variant_id: mug.id, quantity: 1 } });
    const second = await placeStoreOrder(b.ctx, { cart: b.cart(), order: {} });
    expect(second.shipping_cost).toBe("4.20");
  });
});

/** A staff user holding b2b_portal, and their Ctx as the store gives it once they view it as the world's customer. */
async function portalStaff(w: Awaited<ReturnType<typeof salesWorld>>) {
  const staff = await ctxOf(w.company, { permissions: ["b2b_portal", "view_customers"] });
  const viewing = async (): Promise<Ctx> => {
    const [row] = await control
      .select({ customerId: memberships.customerId })
      .from(memberships)
      .where(and(eq(memberships.userId, (staff.actor as { userId: string }).userId), eq(memberships.companyId, w.company.companyId)));
    return { ...staff, actor: { ...(staff.actor as Extract<Ctx["actor"], { kind: "user" }>), customerId: row!.customerId } };
  };
  return { staff, viewing };
}

describe("the catalogue's filters and featured products", () => {
  it("offer only what the store displays, filter the catalogue by brand, season and tag, and show the featured products in the chosen order", async () => {
    const w = await salesWorld();
    const [pine, oak] = await w.db
      .insert(t.brands)
      .values([{ label: "Pine" }, { label: "Oak" }])
      .returning({ id: t.brands.id });
    const [summer] = await w.db.insert(t.seasons).values({ label: "Summer" }).returning({ id: t.seasons.id });
    const [bio] = await w.db.insert(t.productTags).values({ label: "Bio" }).returning({ id: t.productTags.id });
    const a = await storeVariant(w, 5);
    const b = await storeVariant(w, 5);
    const c = await storeVariant(w, 5);
    await w.db.update(t.products).set({ brandId: pine!.id, seasonId: summer!.id }).where(eq(t.products.id, a.productId));
    await w.db.update(t.products).set({ brandId: oak!.id }).where(eq(t.products.id, b.productId));
    await w.db.insert(t.productTagLinks).values({ productId: c.productId, tagId: bio!.id });
    const buyerOfW = await buyer(w);
    expect(await getStoreCatalogueChoices(buyerOfW.ctx)).toEqual({ filters: [], featured: [] });
    const staff = await ctxOf(w.company);
    await updateStoreSettings(staff, {
      display_brand_filter: true,
      visible_brand_ids: [pine!.id],
      display_tag_filter: true,
      featured_product_ids: [c.productId, a.productId],
    });
    const choices = await getStoreCatalogueChoices(buyerOfW.ctx);
    expect(choices.filters).toEqual([
      { name: "brand_id", options: [{ id: pine!.id, label: "Pine" }] },
      { name: "tag_id", options: [{ id: bio!.id, label: "Bio" }] },
    ]);
    expect(choices.featured.map((p) => p.id)).toEqual([c.productId, a.productId]);
    const skus = async (filter: Record<string, unknown>) => (await listStoreCatalogue(buyerOfW.ctx, filter)).items.map((i) => i.sku);
    expect(await skus({ brand_id: pine!.id })).toEqual([a.sku]);
    expect(await skus({ brand_id: oak!.id })).toEqual([b.sku]);
    expect(await skus({ season_id: summer!.id })).toEqual([a.sku]);
    expect(await skus({ tag_id: bio!.id })).toEqual([c.sku]);
    expect((await skus({})).sort()).toEqual([a.sku, b.sku, c.sku].sort());
    await expect(listStoreCatalogue(buyerOfW.ctx, { brand_id: "x" })).rejects.toMatchObject({ code: "validation_failed" });
  });

  it("shows the recommended price of the store's recommended level beside the buyer's own, when the line has one", async () => {
    const w = await salesWorld();
    const priced = await storeVariant(w, 3, "10");
    const unpriced = await storeVariant(w, 3, "10");
    const [retail] = await w.db.insert(t.priceLevels).values({ label: "Recommended", type: "selling" }).returning({ id: t.priceLevels.id });
    const [eur] = await w.db.select({ id: t.currencies.id }).from(t.currencies).where(eq(t.currencies.iso, "EUR"));
    await w.db.insert(t.prices).values({ variantId: priced.id, priceLevelId: retail!.id, currencyId: eur!.id, amount: 199_000 });
    const b = await buyer(w);
    const recommended = async () =>
      Object.fromEntries((await listStoreCatalogue(b.ctx, {})).items.map((i) => [i.sku, [i.price, i.recommended_price]]));
    expect(await recommended()).toEqual({ [priced.sku]: ["10.0000", null], [unpriced.sku]: ["10.0000", null] });
    await updateStoreSettings(await ctxOf(w.company), { recommended_price_level_id: retail!.id });
    expect(await recommended()).toEqual({ [priced.sku]: ["10.0000", "19.9000"], [unpriced.sku]: ["10.0000", null] });
  });

  it("leaves out what is sold out when the store does not display it", async () => {
    const w = await salesWorld();
    const inStock = await storeVariant(w, 3);
    const soldOut = await storeVariant(w, 0);
    const b = await buyer(w);
    const skus = async () => (await listStoreCatalogue(b.ctx, {})).items.map((i) => i.sku).sort();
    expect(await skus()).toEqual([inStock.sku, soldOut.sku].sort());
    await openStore(w, { display_out_of_stock: false });
    expect(await skus()).toEqual([inStock.sku]);
  });
});

describe("staff viewing the store as a customer", () => {
  it("fill the customer's cart but cannot order; Leave store empties the cart and clears the customer", async () => {
    const w = await salesWorld();
    const mug = await storeVariant(w, 5);
    await openStore(w);
    const { staff, viewing } = await portalStaff(w);
    await viewStoreAsCustomer(staff, { customer_id: w.customer.id });
    const asCustomer = await viewing();
    expect(asCustomer.actor).toMatchObject({ customerId: String(w.customer.id) });
    const { cartStore } = await import("../../worker/durable-objects/cart");
    const { env } = await import("cloudflare:test");
    const cart = () =>
      cartStore((env as unknown as { CARTS: never }).CARTS, w.company.companyId, (staff.actor as { userId: string }).userId);
    await updateCartItem(asCustomer, { cart: cart(), change: { variant_id: mug.id, quantity: 2 } });
    expect((await getStorefront(asCustomer)).viewingAsStaff).toBe(true);
    await expect(placeStoreOrder(asCustomer, { cart: cart(), order: {} })).rejects.toMatchObject({ code: "store_staff_cannot_order" });
    await leaveStore(asCustomer, { cart: cart() });
    expect((await viewing()).actor).toMatchObject({ customerId: null });
    expect((await getCart(asCustomer, { cart: cart() })).items).toEqual([]);
  });

  it("is for b2b_portal holders only, and for the company's own customers", async () => {
    const w = await salesWorld();
    const manager = await ctxOf(w.company, { permissions: ["settings", "view_customers", "edit_customers"] });
    await expect(viewStoreAsCustomer(manager, { customer_id: w.customer.id })).rejects.toMatchObject({ code: "forbidden" });
    const b = await buyer(w);
    await expect(viewStoreAsCustomer(b.ctx, { customer_id: w.customer.id })).rejects.toMatchObject({ code: "forbidden" });
    const other = await salesWorld();
    const { staff } = await portalStaff(w);
    await expect(viewStoreAsCustomer(staff, { customer_id: other.customer.id + 100_000 })).rejects.toMatchObject({ code: "not_found" });
  });
});

describe("access requests and buyer invitations", () => {
  it("take one waiting request per email, however many are sent at once, and only from an open store whose form is on", async () => {
    const w = await salesWorld();
    const visitor = await ctxOf(w.company);
    const form = { company_name: "Café Lumière", first_name: "Léa", last_name: "Roy", email: "LEA@cafe.example.test", ...accessLimits() };
    await expect(requestStoreAccess(visitor, form)).rejects.toMatchObject({ code: "store_access_form_closed" });
    await openStore(w);
    const results = await settled(Array.from({ length: 10 }, () => requestStoreAccess(visitor, form)));
    expect(codes(results).filter((c) => c === "ok")).toHaveLength(1);
    expect(codes(results).filter((c) => c === "store_access_already_requested")).toHaveLength(9);
    const { requests } = await listStoreCustomers(visitor);
    expect(requests.map((r) => r.email)).toEqual(["lea@cafe.example.test"]);
    await openStore(w, { access_form_enabled: false });
    await expect(requestStoreAccess(visitor, { ...form, email: "x@cafe.example.test" })).rejects.toMatchObject({
      code: "store_access_form_closed",
    });
  });

  it("granting makes the requester a buyer of a new customer and emails them; a request is answered once, even twice at once", async () => {
    const w = await salesWorld();
    await openStore(w);
    const staff = await ctxOf(w.company);
    const email = `lea-${Date.now().toString(36)}@cafe.example.test`;
    await requestStoreAccess(staff, { company_name: "Café Lumière", first_name: "Léa", last_name: "Roy", email, ...accessLimits() });
    const [request] = (await listStoreCustomers(staff)).requests;
    const results = await settled([
      decideAccessRequest(staff, { id: request!.id, decision: "grant", baseUrl }),
      decideAccessRequest(staff, { id: request!.id, decision: "deny", baseUrl }),
    ]);
    expect(codes(results)).toContain("store_access_request_decided");
    const won = results.find((r) => r.status === "fulfilled") as PromiseFulfilledResult<{ status: string; customerId: number | null }>;
    if (won.value.status === "granted") {
      const [user] = await control.select().from(users).where(eq(users.email, email));
      expect(user!.passwordHash).toBe(INVITATION_PENDING_HASH);
      const [membership] = await control.select().from(memberships).where(eq(memberships.userId, user!.id));
      expect(membership).toMatchObject({ companyId: w.company.companyId, customerId: String(won.value.customerId), permissions: [] });
      const [customer] = await w.db.select().from(t.customers).where(eq(t.customers.id, won.value.customerId!));
      expect(customer).toMatchObject({ label: "Café Lumière", emails: [email], b2bAccess: "granted" });
      expect((await outboxRowsFor(user!.id)).map((r) => r.topic)).toEqual(["email.invitation"]);
    } else expect(await control.select().from(users).where(eq(users.email, email))).toEqual([]);
  });

  it("invites an existing account to accept, refuses someone already in the company, and disabling access stops the buyers", async () => {
    const w = await salesWorld();
    await openStore(w);
    const staff = await ctxOf(w.company);
    const elsewhere = await salesWorld();
    const person = await addUser(elsewhere.company.companyId);
    await inviteStoreBuyer(staff, { customer_id: w.customer.id, email: person.email, first_name: "Ann", last_name: "Lee", baseUrl });
    const [invitation] = await control.select().from(invitations).where(eq(invitations.userId, person.userId));
    expect(invitation).toMatchObject({ companyId: w.company.companyId, customerId: String(w.customer.id) });
    const { resolveAccessToken } = await import("../../worker/domain/identity/sessions");
    const actor = (await resolveAccessToken(control, person.token))!;
    await acceptInvitation({ ...staff, actor }, { id: invitation!.id });
    const [membership] = await control
      .select()
      .from(memberships)
      .where(and(eq(memberships.userId, person.userId), eq(memberships.companyId, w.company.companyId)));
    expect(membership).toMatchObject({ customerId: String(w.customer.id), permissions: [], active: true });

    await expect(
      inviteStoreBuyer(staff, { customer_id: w.customer.id, email: person.email, first_name: "Ann", last_name: "Lee", baseUrl }),
    ).rejects.toMatchObject({ code: "store_buyer_already_exists", fields: { email: { code: "store_buyer_already_exists" } } });
    await expect(
      inviteStoreBuyer(staff, { customer_id: 999_999, email: "new@example.test", first_name: "N", last_name: "N", baseUrl }),
    ).rejects.toMatchObject({ fields: { customer_id: { code: "unknown_customer" } } });

    const listed = (await listStoreCustomers(staff)).customers.find((c) => c.id === w.customer.id);
    expect(listed).toMatchObject({ access: "granted", buyers: [{ email: person.email, pending: false, active: true }] });
    await setCustomerStoreAccess(staff, { customer_id: w.customer.id, access: "disabled" });
    const [after] = await control
      .select({ active: memberships.active })
      .from(memberships)
      .where(and(eq(memberships.userId, person.userId), eq(memberships.companyId, w.company.companyId)));
    expect(after!.active).toBe(false);
    expect(await resolveAccessToken(control, person.token)).not.toMatchObject({ company: { id: w.company.companyId } });
  });

  it("the dashboard counts the orders to validate, the customers with access and the requests", async () => {
    const w = await salesWorld();
    const mug = await storeVariant(w, 10, "20");
    const b = await buyer(w);
    await w.db.update(t.customers).set({ b2bAccess: "granted" }).where(eq(t.customers.id, w.customer.id));
    await updateCartItem(b.ctx, { cart: b.cart(), change: { variant_id: mug.id, quantity: 2 } });
    const order = await placeStoreOrder(b.ctx, { cart: b.cart(), order: {} });
    const staff = await ctxOf(w.company);
    await requestStoreAccess(staff, { company_name: "B", first_name: "B", last_name: "B", email: "b@b.example.test", ...accessLimits() });
    const dashboard = await getStoreDashboard(staff, { today: order.date });
    expect(dashboard).toMatchObject({ pendingCount: 1, customersWithAccess: 1, accessRequests: 1 });
    expect(dashboard.pendingOrders.map((o) => o.number)).toEqual([order.number]);
    expect(dashboard.monthSales.map((s) => [s.currency, s.count, Number(s.total)])).toEqual([[order.currency, 1, Number(order.total)]]);
  });
});

describe("a store's own domain", () => {
  it("serves the store only: back-office pages go to the store, the API is not there; the app's host is untouched", async () => {
    const { exports } = await import("cloudflare:workers");
    const worker = (exports as unknown as { default: Fetcher }).default;
    const w = await salesWorld();
    const domain = `shop-${Date.now().toString(36)}.example.test`;
    await updateStoreSettings(await ctxOf(w.company), { status: true });
    await ownDomain(await ctxOf(w.company), domain);
    const onStore = (path: string) => worker.fetch(new Request(`https://${domain}${path}`, { redirect: "manual" }));
    for (const path of ["/", "/dashboard", "/settings/users", "/login"]) {
      const response = await onStore(path);
      expect([path, response.status, response.headers.get("location")]).toEqual([path, 302, "/b2b"]);
    }
    expect((await onStore("/api/v1/health")).status).toBe(404);
    expect((await worker.fetch(new Request("http://app.test/api/v1/health"))).status).toBe(200);
  });
});

describe("signing in at a store's login", () => {
  it("opens the session in that store's company for one of its buyers, and leaves anyone else's where it was", async () => {
    const { enterStoreCompany } = await import("../../worker/store-visit");
    const { resolveAccessToken } = await import("../../worker/domain/identity/sessions");
    const home = await salesWorld();
    const store = await salesWorld();
    // A buyer of the store whose account works in another company.
    const person = await addUser(home.company.companyId);
    await control
      .insert(memberships)
      .values({ userId: person.userId, companyId: store.company.companyId, permissions: [], customerId: String(store.customer.id) });
    await enterStoreCompany(control, person.token, store.company.companyId);
    expect((await resolveAccessToken(control, person.token))?.company.id).toBe(store.company.companyId);
    // Staff of the store (no customer) and strangers stay where they were.
    const staffMember = await addUser(home.company.companyId);
    await control
      .insert(memberships)
      .values({ userId: staffMember.userId, companyId: store.company.companyId, permissions: ["view_customers"] });
    await enterStoreCompany(control, staffMember.token, store.company.companyId);
    expect((await resolveAccessToken(control, staffMember.token))?.company.id).toBe(home.company.companyId);
    const stranger = await addUser(home.company.companyId);
    await enterStoreCompany(control, stranger.token, store.company.companyId);
    expect((await resolveAccessToken(control, stranger.token))?.company.id).toBe(home.company.companyId);
  });
});
