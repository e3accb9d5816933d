// The demo company's catalogue: settings (taxes, currencies, price levels), products settings,
// products of every kind with prices in two levels and two currencies, and services.
// Rows are inserted directly with known ids, in chunks, so that the large scale stays quick.
import { sql } from "drizzle-orm";
import { tenantSchema, type TenantDb } from "../../db/client";
import { createAttribute } from "../../worker/domain/products-settings/attributes/create-attribute";
import { createBrand } from "../../worker/domain/products-settings/brands/create-brand";
import { createProductTag } from "../../worker/domain/products-settings/product-tags/create-product-tag";
import { createSeason } from "../../worker/domain/products-settings/seasons/create-season";
import { createCurrency } from "../../worker/domain/settings/currencies/create-currency";
import type { CurrencyInput } from "../../worker/domain/settings/currencies/currency-schemas";
import { allCurrencies } from "../../worker/domain/settings/currencies/list-currencies";
import { makeDefaultCurrency } from "../../worker/domain/settings/currencies/make-default-currency";
import { createPriceLevel } from "../../worker/domain/settings/price-levels/create-price-level";
import { allPriceLevels } from "../../worker/domain/settings/price-levels/list-price-levels";
import { makeDefaultPriceLevel } from "../../worker/domain/settings/price-levels/make-default-price-level";
import type { PriceLevelInput, PriceLevelView } from "../../worker/domain/settings/price-levels/price-level-schemas";
import { createTax } from "../../worker/domain/settings/taxes/create-tax";
import { allTaxes } from "../../worker/domain/settings/taxes/list-taxes";
import type { Ctx } from "../../worker/domain/shared/ctx";

const t = tenantSchema;
// Scaled integers, as stored: prices and rates at 4 decimals, quantities at 7.
const money = (euros: number) => Math.round(euros * 10_000);
const qty = (units: number) => Math.round(units * 10_000_000);
const WEIGHT_SCALE = 10_000; // weights at 4 decimals
const kg = (value: number) => Math.round(value * WEIGHT_SCALE);

async function inChunks<T>(rows: T[], size: number, insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

async function nextId(db: TenantDb, table: string): Promise<number> {
  // The last id AUTOINCREMENT gave (none yet: no row).
  const [row] = await db.all<{ id: number | bigint | null }>(sql`select seq as id from sqlite_sequence where name = ${table}`);
  return Number(row?.id ?? 0) + 1;
}

const SIZES = ["XS", "S", "M", "L", "XL"];
const COLOURS = ["Noir", "Blanc", "Bleu marine", "Rouge", "Vert sapin"];
const BRANDS = ["Atelier Durand", "Maison Verte", "Nordique", "Côte Sauvage", "Les Filatures"];
const TAGS = ["Nouveauté", "Best-seller", "Bio", "Made in France", "Promo"];
const SEASONS = ["Printemps-été 2026", "Automne-hiver 2026", "Permanent"];
const GARMENTS = ["T-shirt", "Sweat", "Polo", "Chemise", "Pull", "Veste", "Débardeur", "Hoodie"];
const MATERIALS = ["coton bio", "lin", "laine mérinos", "coton recyclé", "chanvre"];
const GROCERIES = [
  "Huile d'olive",
  "Miel de lavande",
  "Confiture d'abricot",
  "Café moulu",
  "Thé vert",
  "Sirop de menthe",
  "Pâtes artisanales",
  "Biscuits au beurre",
];

export interface CatalogueCounts {
  /** Products with size variants (5 variants each) beyond the hand-made demo products. */
  bulkProducts: number;
}

export async function seedCatalogue(ctx: Ctx, counts: CatalogueCounts, log: (line: string) => void) {
  const { db } = ctx;
  // ── settings, through their verbs (each looked up first: the seed may run on a company that has some) ──
  const taxes = await allTaxes(ctx);
  const tax = async (label: string, abbreviation: string, rate: string) =>
    taxes.find((x) => x.label === label)?.id ?? (await createTax(ctx, { label, abbreviation, rate })).id;
  const vat20 = await tax("TVA 20 %", "TVA20", "20");
  const vat55 = await tax("TVA 5,5 %", "TVA5.5", "5.5");
  await tax("TVA 10 %", "TVA10", "10");

  const currencies = await allCurrencies(ctx);
  const currency = async (input: CurrencyInput) => currencies.find((c) => c.iso === input.iso)?.id ?? (await createCurrency(ctx, input)).id;
  const eur = await currency({ iso: "EUR", label: "Euro", sign: "€", symbol_template: "{amount} {sign}" });
  const usd = await currency({ iso: "USD", label: "US dollar", sign: "$", symbol_template: "{sign}{amount}", exchange_rate: "1.08" });
  await makeDefaultCurrency(ctx, { id: eur });

  const levels = await allPriceLevels(ctx);
  const level = async (found: PriceLevelView | undefined, input: PriceLevelInput) => found?.id ?? (await createPriceLevel(ctx, input)).id;
  const retail = await level(
    levels.find((l) => l.type === "selling"),
    { label: "Prix de vente", type: "selling" },
  );
  const purchase = await level(
    levels.find((l) => l.type === "purchasing"),
    { label: "Prix d'achat", type: "purchasing" },
  );
  const wholesale = await level(
    levels.find((l) => l.label === "Prix revendeur"),
    { label: "Prix revendeur", type: "selling" },
  );
  await makeDefaultPriceLevel(ctx, { id: retail });
  await makeDefaultPriceLevel(ctx, { id: purchase });

  // ── products settings ──
  const sizeAttr = await createAttribute(ctx, { label: "Taille", options: SIZES });
  const colourAttr = await createAttribute(ctx, { label: "Couleur", options: COLOURS });
  const sizeOptions = sizeAttr.options;
  const colourOptions = colourAttr.options;
  // One after the other, so that the ids follow the lists' order.
  const inTurn = async <T>(labels: string[], create: (label: string) => Promise<T>) => {
    const made: T[] = [];
    for (const label of labels) made.push(await create(label));
    return made;
  };
  const brands = await inTurn(BRANDS, (label) => createBrand(ctx, { label }));
  const tags = await inTurn(TAGS, (label) => createProductTag(ctx, { label }));
  const seasons = await inTurn(SEASONS, (label) => createSeason(ctx, { label }));

  // ── products ──
  let productId = await nextId(db, "products");
  let variantId = await nextId(db, "variants");
  let packId = await nextId(db, "packs");
  const products: (typeof t.products.$inferInsert)[] = [];
  const variants: (typeof t.variants.$inferInsert)[] = [];
  const prices: (typeof t.prices.$inferInsert)[] = [];
  const packs: (typeof t.packs.$inferInsert)[] = [];
  const components: (typeof t.components.$inferInsert)[] = [];
  const productAttributes: (typeof t.productAttributes.$inferInsert)[] = [];
  const tagLinks: (typeof t.productTagLinks.$inferInsert)[] = [];
  const variantTaxes: (typeof t.variantTaxes.$inferInsert)[] = [];

  // Two selling levels in two currencies, and the purchase price in euros.
  const priceRows = (vId: number, sell: number, cost: number, pId: number | null = null) => {
    const wholesalePrice = Math.round(sell * 0.8);
    prices.push(
      { variantId: vId, packId: pId, priceLevelId: retail, currencyId: eur, amount: sell },
      { variantId: vId, packId: pId, priceLevelId: retail, currencyId: usd, amount: Math.round(sell * 1.08) },
      { variantId: vId, packId: pId, priceLevelId: wholesale, currencyId: eur, amount: wholesalePrice },
      { variantId: vId, packId: pId, priceLevelId: wholesale, currencyId: usd, amount: Math.round(wholesalePrice * 1.08) },
      { variantId: vId, packId: pId, priceLevelId: purchase, currencyId: eur, amount: cost },
    );
  };

  const addProduct = (p: Omit<typeof t.products.$inferInsert, "id">, tagIds: number[] = []) => {
    const id = productId++;
    products.push({ ...p, id });
    for (const tagId of tagIds) tagLinks.push({ productId: id, tagId });
    return id;
  };
  const addVariant = (v: Omit<typeof t.variants.$inferInsert, "id">, sell: number, cost: number, tax = vat20) => {
    const id = variantId++;
    variants.push({ ...v, id, initialCost: money(cost), movingAverageCost: money(cost) });
    variantTaxes.push({ variantId: id, taxId: tax });
    priceRows(id, money(sell), money(cost));
    return id;
  };

  // Garments with size × colour variants.
  const tshirt = addProduct(
    {
      label: "T-shirt coton bio",
      kind: "variants",
      brandId: brands[0]!.id,
      seasonId: seasons[2]!.id,
      b2bPublished: true,
      countryOfOrigin: "FR",
      hsCode: "6109100010",
      description: "Jersey de coton biologique 180 g/m².",
    },
    [tags[1]!.id, tags[2]!.id],
  );
  productAttributes.push(
    { productId: tshirt, attributeId: sizeAttr!.id, position: 1 },
    { productId: tshirt, attributeId: colourAttr!.id, position: 2 },
  );
  const tshirtVariants: number[] = [];
  for (const size of sizeOptions.slice(1, 4))
    for (const colour of colourOptions.slice(0, 3))
      tshirtVariants.push(
        addVariant(
          {
            productId: tshirt,
            label: `T-shirt coton bio ${size.label} / ${colour.label}`,
            sku: `TSB-${size.label}-${colour.label.slice(0, 3).toUpperCase()}`,
            option1Id: size.id,
            option2Id: colour.id,
            weightAmount: kg(0.18),
            weightUnit: "kg",
            b2bPublished: true,
            barcode: `3700000${String(tshirtVariants.length).padStart(6, "0")}`,
          },
          19.9,
          6.2,
        ),
      );
  // A pack of 6 of the first T-shirt, with its own prices.
  packs.push({ id: packId, variantId: tshirtVariants[0]!, label: "Lot de 6", quantity: qty(6) });
  priceRows(tshirtVariants[0]!, money(99), money(37.2), packId);
  packId++;

  // Single products, groceries with the reduced VAT rate.
  const singles: number[] = [];
  GROCERIES.forEach((label, i) => {
    const id = addProduct(
      { label, kind: "single", brandId: brands[1]!.id, seasonId: seasons[2]!.id, b2bPublished: true, countryOfOrigin: "FR" },
      [tags[2 + (i % 2)]!.id],
    );
    singles.push(
      addVariant(
        {
          productId: id,
          label,
          sku: `EPI-${String(i + 1).padStart(3, "0")}`,
          weightAmount: kg(0.5),
          b2bPublished: true,
          minimumQuantity: qty(1),
        },
        6.5 + i,
        2.4 + i / 2,
        vat55,
      ),
    );
  });
  // A product with batches (expiry dates come with stock).
  const honey = addProduct({ label: "Miel de châtaignier (lots)", kind: "batches", batchTracked: true, brandId: brands[1]!.id }, [
    tags[2]!.id,
  ]);
  addVariant(
    { productId: honey, label: "Miel de châtaignier 500 g", sku: "MIEL-CHAT-500", batchTracked: true, weightAmount: kg(0.5) },
    9.9,
    4.1,
    vat55,
  );
  // A kit of two products, with a discount.
  const kit = addProduct({ label: "Coffret gourmand", kind: "kit", kitDiscountRate: 100_000, b2bPublished: true }, [tags[0]!.id]);
  const kitVariant = addVariant({ productId: kit, label: "Coffret gourmand", sku: "KIT-GOURMAND", isKit: true }, 15.3, 6.1, vat55);
  components.push(
    { parentVariantId: kitVariant, componentVariantId: singles[1]!, quantity: qty(1) },
    { parentVariantId: kitVariant, componentVariantId: singles[2]!, quantity: qty(1) },
  );
  // An assembly and a packaging.
  const assembly = addProduct({ label: "Panier garni assemblé", kind: "assembly" });
  const assemblyVariant = addVariant({ productId: assembly, label: "Panier garni assemblé", sku: "ASM-PANIER", isAssembly: true }, 39, 14);
  components.push(
    { parentVariantId: assemblyVariant, componentVariantId: singles[0]!, quantity: qty(1) },
    { parentVariantId: assemblyVariant, componentVariantId: singles[3]!, quantity: qty(2) },
  );
  const box = addProduct({ label: "Carton d'expédition 40×30×20", kind: "packaging" });
  addVariant(
    { productId: box, label: "Carton d'expédition 40×30×20", sku: "EMB-CARTON-40", isPackaging: true, trackInventory: true },
    1.2,
    0.45,
  );

  // Bulk garments: `bulkProducts` products of 5 size variants each.
  for (let i = 0; i < counts.bulkProducts; i++) {
    const garment = GARMENTS[i % GARMENTS.length]!;
    const material = MATERIALS[Math.floor(i / GARMENTS.length) % MATERIALS.length]!;
    const colour = COLOURS[i % COLOURS.length]!;
    const label = `${garment} ${material} ${colour.toLowerCase()} ${String(i + 1).padStart(5, "0")}`;
    const id = addProduct(
      {
        label,
        kind: "variants",
        brandId: brands[i % brands.length]!.id,
        seasonId: seasons[i % seasons.length]!.id,
        b2bPublished: i % 3 === 0,
        active: i % 17 !== 0,
      },
      [tags[i % tags.length]!.id],
    );
    productAttributes.push({ productId: id, attributeId: sizeAttr!.id, position: 1 });
    const sell = 15 + (i % 60);
    for (const size of sizeOptions)
      addVariant(
        {
          productId: id,
          label: `${label} ${size.label}`,
          sku: `${garment.slice(0, 3).toUpperCase()}-${String(i + 1).padStart(5, "0")}-${size.label}`,
          option1Id: size.id,
          weightAmount: kg(0.3),
        },
        sell,
        sell * 0.35,
      );
  }

  const started = Date.now();
  await inChunks(products, 500, (c) => db.insert(t.products).values(c));
  await inChunks(productAttributes, 1000, (c) => db.insert(t.productAttributes).values(c));
  await inChunks(tagLinks, 1000, (c) => db.insert(t.productTagLinks).values(c));
  await inChunks(variants, 250, (c) => db.insert(t.variants).values(c));
  await inChunks(variantTaxes, 1000, (c) => db.insert(t.variantTaxes).values(c));
  await inChunks(packs, 500, (c) => db.insert(t.packs).values(c));
  await inChunks(components, 500, (c) => db.insert(t.components).values(c));
  await inChunks(prices, 1000, (c) => db.insert(t.prices).values(c));

  // ── services ──
  await db.insert(t.services).values([
    { reference: "SRV-LIV", label: "Livraison express", price: money(12), taxId: vat20 },
    { reference: "SRV-EMB", label: "Emballage cadeau", price: money(3.5), taxId: vat20 },
    { reference: "SRV-BRO", label: "Broderie personnalisée", price: money(8), taxId: vat20 },
    { reference: "SRV-CAU", label: "Caution palette", price: money(15), taxCharged: false, deposit: true },
    { reference: "SRV-INS", label: "Installation en magasin", price: money(90), taxId: vat20, active: false },
  ]);
  log(
    `catalogue: ${products.length} products, ${variants.length} variants, ${prices.length} prices, 5 services (${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );
}
