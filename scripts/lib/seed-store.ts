import { eq } from "drizzle-orm";
import { controlSchema, tenantSchema, type ControlDb, type TenantDb } from "../../db/client";
import { hashPassword } from "../../worker/domain/identity/password";
import { newId } from "../../worker/domain/shared/ids";
import { kebabCase } from "../../worker/guards";
import { DEMO_BUYER_EMAIL, DEMO_PASSWORD } from "./config";

/** The customer whose buyer signs in to the demo store. */
const DEMO_STORE_CUSTOMER = "Épicerie des Halles";

/**
 * The demo company's B2B store: its active variants are published to it (the store sells those of
 * the products that are active and published themselves), and a buyer of one of its customers (a
 * B2B user, confined to the store) can sign in and order.
 */
export async function seedStore(
  db: TenantDb,
  control: ControlDb,
  options: { companyId: string; pepper: string },
  log: (line: string) => void,
): Promise<void> {
  const t = tenantSchema;
  await db.update(t.variants).set({ b2bPublished: true }).where(eq(t.variants.active, true));
  const [customer] = await db.select({ id: t.customers.id }).from(t.customers).where(eq(t.customers.label, DEMO_STORE_CUSTOMER));
  if (!customer) throw new Error(`the demo store needs the customer ${DEMO_STORE_CUSTOMER}`);
  // Its buyer is given access as the store gives it (an invitation grants the customer's access).
  await db.update(t.customers).set({ b2bAccess: "granted" }).where(eq(t.customers.id, customer.id));
  // The store is open, at `?company=<the company's name in kebab-case>`, with its support contacts.
  await db.insert(t.storeSettings).values({
    id: 1,
    settings: {
      status: true,
      email: "boutique@comptoir.example",
      phone: "+33 1 23 45 67 89",
      about_us: "Depuis 1998, nous livrons épiceries fines et restaurants en produits choisis chez les producteurs.",
      login_headline: "Commandez en ligne, à vos prix",
    },
  });
  const [company] = await control
    .select({ label: controlSchema.companies.label })
    .from(controlSchema.companies)
    .where(eq(controlSchema.companies.id, options.companyId));
  const userId = newId();
  await control.batch([
    control
      .insert(controlSchema.storeDomains)
      .values({ id: newId(), companyId: options.companyId, kind: "slug", host: kebabCase(company?.label ?? "demo") }),
    control.insert(controlSchema.users).values({
      id: userId,
      email: DEMO_BUYER_EMAIL,
      firstName: "Inès",
      lastName: "Moreau",
      passwordHash: await hashPassword(DEMO_PASSWORD, options.pepper),
      currentCompanyId: options.companyId,
    }),
    control
      .insert(controlSchema.memberships)
      .values({ userId, companyId: options.companyId, permissions: [], customerId: String(customer.id) }),
  ]);
  log(`demo store: products published, buyer ${DEMO_BUYER_EMAIL} orders for ${DEMO_STORE_CUSTOMER}`);
}
