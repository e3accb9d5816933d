// The demo company's contacts and stock. The hand-made part goes through the domain verbs (so
// the demo shows what the app itself writes: documents, ledger rows, batches); the bulk part is
// set-based SQL that writes each level with its one ledger row, so that levels equal their ledger.
import { and, eq, sql } from "drizzle-orm";
import { tenantSchema, type TenantDb } from "../../db/client";
import type { Ctx } from "../../worker/domain/shared/ctx";
import { createCustomer } from "../../worker/domain/contacts/create-customer";
import { createEmployee } from "../../worker/domain/contacts/create-employee";
import { createSupplier } from "../../worker/domain/contacts/create-supplier";
import { acceptEstimate } from "../../worker/domain/sales/accept-estimate";
import { createEstimate } from "../../worker/domain/sales/create-estimate";
import { createSalesOrder } from "../../worker/domain/sales/create-sales-order";
import { createShippingOrder } from "../../worker/domain/sales/create-shipping-order";
import { shipShippingOrder } from "../../worker/domain/sales/ship-shipping-order";
import { transformEstimate } from "../../worker/domain/sales/transform-estimate";
import { createBatch } from "../../worker/domain/stock/create-batch";
import { allocateValues } from "../../worker/domain/documents/numbering";
import { createStockDocument } from "../../worker/domain/stock/create-stock-document";
import { newDocumentNumber } from "../../worker/domain/documents/numbering";

const t = tenantSchema;
const U = 10_000_000; // quantities are stored at 7 decimals

export interface ContactsStockCounts {
  /** Customers beyond the hand-made ones. */
  bulkCustomers: number;
}

const CITIES = [
  ["Lyon", "69002"],
  ["Paris", "75003"],
  ["Marseille", "13001"],
  ["Bordeaux", "33000"],
  ["Lille", "59000"],
  ["Nantes", "44000"],
  ["Toulouse", "31000"],
  ["Strasbourg", "67000"],
] as const;
const SHOP_WORDS = ["Épicerie", "Boutique", "Concept store", "Maison", "Comptoir", "Bazar", "Cave", "Atelier"];
const NAMES = [
  "des Halles",
  "du Marché",
  "Saint-Jean",
  "de la Gare",
  "Bellecour",
  "du Port",
  "des Lilas",
  "Mistral",
  "Soleil",
  "du Vieux Quartier",
];

async function inChunks<T>(rows: T[], size: number, insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

async function idOf(db: TenantDb, table: typeof t.locations | typeof t.priceLevels | typeof t.currencies, where: ReturnType<typeof eq>) {
  const [row] = await db.select({ id: table.id }).from(table).where(where).limit(1);
  return row?.id ?? null;
}

export async function seedContactsAndStock(ctx: Ctx, counts: ContactsStockCounts, log: (line: string) => void) {
  const { db } = ctx;
  const started = Date.now();
  const lyon = (await idOf(db, t.locations, eq(t.locations.label, "Entrepôt Lyon")))!;
  const paris = (await idOf(db, t.locations, eq(t.locations.label, "Boutique Paris")))!;
  const usd = await idOf(db, t.currencies, eq(t.currencies.iso, "USD"));
  const levels = await db.select({ id: t.priceLevels.id, label: t.priceLevels.label, type: t.priceLevels.type }).from(t.priceLevels);
  const wholesale =
    levels.find((l) => l.type === "selling" && /gros|wholesale/i.test(l.label))?.id ?? levels.find((l) => l.type === "selling")?.id ?? null;
  const purchasing = levels.find((l) => l.type === "purchasing")?.id ?? null;

  // ── tags ──
  await db
    .insert(t.customerTags)
    .values([{ label: "Grossiste" }, { label: "Épicerie fine" }, { label: "VIP" }, { label: "Export" }])
    .onConflictDoNothing();
  await db
    .insert(t.supplierTags)
    .values([{ label: "Textile" }, { label: "Alimentaire" }, { label: "Emballage" }])
    .onConflictDoNothing();
  const customerTags = await db.select({ id: t.customerTags.id, label: t.customerTags.label }).from(t.customerTags);
  const supplierTags = await db.select({ id: t.supplierTags.id, label: t.supplierTags.label }).from(t.supplierTags);
  const tag = (list: { id: number; label: string }[], label: string) => list.find((x) => x.label === label)!.id;

  // ── hand-made customers, suppliers and employees, through the verbs ──
  await createCustomer(ctx, {
    label: "Épicerie des Halles",
    emails: ["commandes@epicerie-halles.example", "compta@epicerie-halles.example"],
    phone: "+33 4 72 10 20 30",
    tax_number: "FR32123456789",
    discount_rate: "5",
    payment_terms: { type: "net", days: 30 },
    credit_limit: "15000",
    minimum_order_amount: "250",
    price_level_id: wholesale,
    tag_ids: [tag(customerTags, "Grossiste"), tag(customerTags, "Épicerie fine")],
    notes: "Livraison le mardi matin, quai B.",
    addresses: [
      {
        label: "Siège",
        type: "billing",
        address1: "14 rue de la République",
        city: "Lyon",
        postal_code: "69002",
        country: "FR",
        default_billing: true,
      },
      {
        label: "Magasin",
        type: "shipping",
        address1: "102 cours Lafayette",
        city: "Lyon",
        postal_code: "69003",
        country: "FR",
        default_shipping: true,
      },
    ],
  });
  const mistral = await createCustomer(ctx, {
    label: "Concept Store Mistral",
    emails: ["hello@mistral-store.example"],
    payment_terms: { type: "eom", days: 45 },
    credit_limit: "5000",
    tag_ids: [tag(customerTags, "VIP")],
    addresses: [{ type: "both", address1: "7 rue Paradis", city: "Marseille", postal_code: "13001", country: "FR" }],
  });
  await createCustomer(ctx, {
    label: "Hudson Fine Foods",
    emails: ["orders@hudsonfinefoods.example"],
    currency_id: usd,
    tax_type: "tax_exclusive",
    payment_terms: { type: "net", days: 60 },
    tag_ids: [tag(customerTags, "Export")],
    addresses: [{ type: "both", address1: "210 Hudson Street", city: "New York", postal_code: "10013", province: "NY", country: "US" }],
  });
  await createCustomer(ctx, {
    label: "Bazar du Port (ancien client)",
    status: "former_customer",
    active: false,
    emails: ["contact@bazar-port.example"],
  });

  await createSupplier(ctx, {
    name: "Filatures du Nord",
    email: "ventes@filatures-nord.example",
    phone: "+33 3 20 00 11 22",
    website: "https://filatures-nord.example",
    address1: "5 rue des Tisserands",
    city: "Roubaix",
    postal_code: "59100",
    country: "FR",
    default_price_level_id: purchasing,
    default_payment_terms_days: 30,
    default_lead_time_days: 14,
    tag_ids: [tag(supplierTags, "Textile")],
    social_links: { linkedin: "https://www.linkedin.com/company/filatures-nord-example" },
  });
  await createSupplier(ctx, {
    name: "Rucher de Provence",
    email: "miel@rucher-provence.example",
    city: "Manosque",
    postal_code: "04100",
    country: "FR",
    default_lead_time_days: 7,
    tag_ids: [tag(supplierTags, "Alimentaire")],
  });
  await createSupplier(ctx, {
    name: "Cartonnages Rhône-Alpes",
    email: "devis@cartonnages-ra.example",
    city: "Villeurbanne",
    postal_code: "69100",
    country: "FR",
    tag_ids: [tag(supplierTags, "Emballage")],
  });

  await createEmployee(ctx, {
    label: "Julien Moreau",
    position: "Responsable entrepôt",
    employer: "Maison Durand Distribution",
    email: "julien.moreau@durand.example",
    phone: "+33 6 11 22 33 44",
    city: "Lyon",
    country: "FR",
  });
  await createEmployee(ctx, {
    label: "Sophie Lambert",
    position: "Vendeuse",
    employer: "Maison Durand Distribution",
    email: "sophie.lambert@durand.example",
    city: "Paris",
    country: "FR",
  });
  await createEmployee(ctx, {
    label: "Karim Benali",
    position: "Préparateur de commandes",
    employer: "Maison Durand Distribution",
    active: false,
  });

  // ── bulk customers: direct rows, each with one address ──
  // Numbers taken from the customer sequence in one block, as an import would.
  let number = (await allocateValues(db, "customer", counts.bulkCustomers)) - 1;
  const customerRows: (typeof t.customers.$inferInsert)[] = [];
  for (let i = 0; i < counts.bulkCustomers; i++) {
    number++;
    const label = `${SHOP_WORDS[i % SHOP_WORDS.length]} ${NAMES[Math.floor(i / SHOP_WORDS.length) % NAMES.length]} ${number}`;
    customerRows.push({
      number,
      label,
      emails: [`contact${number}@client.example`],
      paymentTermsType: i % 3 === 0 ? "eom" : "net",
      paymentTermsDays: [0, 30, 45, 60][i % 4]!,
      creditLimit: i % 5 === 0 ? null : (1000 + (i % 20) * 500) * 10_000,
      active: i % 17 !== 0,
    });
  }
  const firstBulk = number - counts.bulkCustomers + 1;
  await inChunks(customerRows, 500, (chunk) => db.insert(t.customers).values(chunk));
  if (counts.bulkCustomers > 0) {
    await db.run(sql`insert into customer_addresses (customer_id, type, address1, city, postal_code, country, default_billing, default_shipping)
      select id, 'both', (number % 200 + 1) || ' avenue de la République',
        case number % 8 ${sql.raw(CITIES.map(([city], i) => `when ${i} then '${city.replace("'", "''")}'`).join(" "))} end,
        case number % 8 ${sql.raw(CITIES.map(([, code], i) => `when ${i} then '${code}'`).join(" "))} end,
        'FR', 1, 1
      from customers where number >= ${firstBulk}`);
  }

  // ── stock through documents: receive, move to the shop, sell some ──
  const skus = ["TSB-S-NOI", "TSB-M-NOI", "TSB-L-BLA", "EPI-001", "EPI-002", "EPI-003", "EPI-004", "EMB-CARTON-40"];
  const bySku = new Map(
    (
      await db
        .select({ id: t.variants.id, sku: t.variants.sku, cost: t.variants.initialCost })
        .from(t.variants)
        .where(sql`${t.variants.sku} in ${skus}`)
    ).map((v) => [v.sku, v]),
  );
  const line = (sku: string, quantity: number, extra: Record<string, unknown> = {}) => ({
    variant_id: bySku.get(sku)!.id,
    quantity: String(quantity),
    ...extra,
  });
  await createStockDocument(ctx, {
    kind: "entry",
    location_id: lyon,
    notes: "Réception commande fournisseur",
    lines: skus.map((sku, i) => line(sku, 60 + i * 10, { unit_cost: ((bySku.get(sku)!.cost ?? 0) / 10_000).toFixed(2) })),
  });
  await createStockDocument(ctx, {
    kind: "movement",
    location_id: lyon,
    arrival_location_id: paris,
    notes: "Réassort boutique",
    lines: [line("TSB-S-NOI", 12), line("TSB-M-NOI", 12), line("EPI-001", 20)],
  });
  await createStockDocument(ctx, { kind: "removal", location_id: paris, notes: "Casse en boutique", lines: [line("EPI-001", 2)] });
  await createStockDocument(ctx, {
    kind: "removal",
    location_id: lyon,
    notes: "Échantillons salon",
    lines: [line("TSB-L-BLA", 3), line("EMB-CARTON-40", 15)],
  });

  // Batches with expiry dates: one current, one expired (which cannot be used until its date changes).
  const [honey] = await db.select({ id: t.variants.id }).from(t.variants).where(eq(t.variants.sku, "MIEL-CHAT-500"));
  if (honey) {
    const fresh = await createBatch(ctx, { variant_id: honey.id, number: "MC-2026-09", expiration_date: "2028-09-30" });
    const older = await createBatch(ctx, { variant_id: honey.id, number: "MC-2026-03", expiration_date: "2028-03-31" });
    await createStockDocument(ctx, {
      kind: "entry",
      location_id: lyon,
      lines: [
        { variant_id: honey.id, batch_id: fresh.id, quantity: "48", unit_cost: "4.10" },
        { variant_id: honey.id, batch_id: older.id, quantity: "24", unit_cost: "3.95" },
      ],
    });
    await createBatch(ctx, { variant_id: honey.id, number: "MC-2025-06", expiration_date: "2026-06-30" });
  }
  // Reorder points so that "below reorder point" shows something.
  await db
    .update(t.stockLevels)
    .set({ reorderPoint: 20 * U, binLocation: "A-01" })
    .where(and(eq(t.stockLevels.locationId, lyon), sql`${t.stockLevels.variantId} in ${[...bySku.values()].map((v) => v.id)}`));

  // ── sales: an estimate awaiting its answer, one accepted and made into an order, an order shipped ──
  await createEstimate(ctx, {
    customer_id: mistral.id,
    location_id: paris,
    notes: "Devis valable 30 jours.",
    lines: [line("TSB-M-NOI", 6), line("EPI-001", 12)],
  });
  const accepted = await createEstimate(ctx, {
    customer_id: mistral.id,
    location_id: lyon,
    lines: [line("TSB-S-NOI", 4), line("EPI-001", 6)],
  });
  await acceptEstimate(ctx, { id: accepted.id });
  await transformEstimate(ctx, { id: accepted.id });
  const order = await createSalesOrder(ctx, { customer_id: mistral.id, location_id: lyon, lines: [line("TSB-L-BLA", 5)] });
  const shipment = await createShippingOrder(ctx, { sales_order_id: order.id });
  await shipShippingOrder(ctx, { id: shipment.id });

  // ── bulk stock: every other tracked variant gets a level in Lyon, one entry document and its ledger ──
  const bulk = await bulkStock(db, lyon, "Stock initial (import)");
  log(
    `contacts and stock seeded in ${((Date.now() - started) / 1000).toFixed(1)} s (${4 + counts.bulkCustomers} customers, 3 suppliers, 3 employees, ${bulk} bulk stock levels)`,
  );
}

/** One entry document holding a starting quantity for each tracked variant still without stock at the location. */
async function bulkStock(db: TenantDb, locationId: number, notes: string): Promise<number> {
  const today = new Date().toISOString().slice(0, 10);
  const numbered = newDocumentNumber(db, "entry", locationId);
  const results = await db.batch([
    ...numbered.statements,
    db
      .insert(t.stockDocuments)
      .values({ type: "entry", number: numbered.number as unknown as string, locationId, date: today, notes })
      .returning({ id: t.stockDocuments.id }),
  ] as unknown as Parameters<typeof db.batch>[0]);
  const [doc] = results[numbered.statements.length] as { id: number }[];
  const pending = sql`from variants v where v.track_inventory = 1 and v.is_kit = 0 and v.batch_tracked = 0
    and not exists (select 1 from stock_levels s where s.variant_id = v.id and s.location_id = ${locationId})`;
  const [count] = await db.all<{ n: number }>(sql`select count(*) as n ${pending}`);
  // Quantity 1 to 40 units, by id, so that the demo numbers vary.
  await db.batch([
    db.run(
      sql`insert into stock_levels (variant_id, location_id, on_hand, reorder_point) select v.id, ${locationId}, ((v.id * 7) % 40 + 1) * ${U}, 5 * ${U} ${pending}`,
    ),
    db.run(sql`insert into stock_document_lines (document_id, variant_id, quantity)
      select ${doc!.id}, variant_id, on_hand from stock_levels where location_id = ${locationId} and variant_id not in (select variant_id from inventory_logs where location_id = ${locationId})`),
    db.run(sql`insert into inventory_logs (variant_id, location_id, quantity_before, quantity_after, change, document_type, document_id)
      select variant_id, location_id, 0, on_hand, on_hand, 'entry', ${doc!.id} from stock_levels
      where location_id = ${locationId} and variant_id not in (select variant_id from inventory_logs where location_id = ${locationId})`),
  ]);
  return Number(count?.n ?? 0);
}
