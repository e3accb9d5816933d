import { tenantSchema } from "../../../db/client";
import type { IsolationArea, IsolationCompany } from "./types";

let n = 0;
// Ids far above anything the other company has: the same id must not exist there.
const farId = () => 900_000 + (n++ % 1000) * 97 + Math.floor(Math.random() * 90);

async function location(theirs: IsolationCompany) {
  const id = farId();
  await theirs.db.insert(tenantSchema.locations).values({ id, label: `Theirs ${id}` });
  return String(id);
}

async function priceLevel(theirs: IsolationCompany) {
  const id = farId();
  await theirs.db.insert(tenantSchema.priceLevels).values({ id, label: `Theirs ${id}`, type: "selling" });
  return String(id);
}

async function currency(theirs: IsolationCompany) {
  const id = farId();
  // Any code this company does not have yet.
  const have = new Set((await theirs.db.select({ iso: tenantSchema.currencies.iso }).from(tenantSchema.currencies)).map((c) => c.iso));
  const iso = ["USD", "GBP", "CHF", "JPY", "CAD", "SEK", "NOK", "DKK", "PLN", "CZK", "AUD", "MAD"].find((code) => !have.has(code))!;
  await theirs.db.insert(tenantSchema.currencies).values({ id, iso, label: iso, sign: iso });
  return String(id);
}

async function tax(theirs: IsolationCompany) {
  const id = farId();
  await theirs.db.insert(tenantSchema.taxes).values({ id, label: `Theirs ${id}`, abbreviation: "T", kind: "simple", rate: 200_000 });
  return String(id);
}

export const isolation: IsolationArea = {
  bodies: {
    "post /locations": { label: "Isolation depot", type: "warehouse" },
    "patch /locations/{id}": { label: "Renamed depot" },
    "post /locations/{id}/enable": {},
    "post /locations/{id}/disable": {},
    "post /price-levels": { label: "Wholesale", type: "selling" },
    "patch /price-levels/{id}": { label: "Renamed level" },
    "post /price-levels/{id}/enable": {},
    "post /price-levels/{id}/disable": {},
    "post /price-levels/{id}/default": {},
    "post /currencies": { iso: "USD", exchange_rate: "1.08" },
    "patch /currencies/{id}": { label: "Renamed currency" },
    "post /currencies/{id}/enable": {},
    "post /currencies/{id}/disable": {},
    "post /currencies/{id}/default": {},
    "post /taxes": { label: "VAT 20 %", abbreviation: "VAT20", rate: "20" },
    "patch /taxes/{id}": { label: "Renamed tax" },
    "post /taxes/{id}/enable": {},
    "post /taxes/{id}/disable": {},
    "patch /tax-settings": { tax_type: "tax_inclusive" },
  },
  records: {
    "/locations/": location,
    "/price-levels/": priceLevel,
    "/currencies/": currency,
    "/taxes/": tax,
  },
};
