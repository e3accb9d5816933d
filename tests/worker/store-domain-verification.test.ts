import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { action as settingsAction, loader as settingsLoader } from "../../app/routes/b2b-store/settings";
import { translate } from "../../locales";
import { companyOfStoreHost } from "../../worker/domain/store/settings/store-addresses";
import { getStoreSettings, updateStoreSettings, type StoreSettingsView } from "../../worker/domain/store/settings/store-settings-verbs";
import { verifyStoreDomain } from "../../worker/domain/store/settings/verify-store-domain";
import { DOH_DEADLINE_MS, dohTxtResolver } from "../../worker/integrations/dns/doh-txt-resolver";
import { answerDns } from "../support/fake-doh";
import { control, ctxOf, makeCompany } from "../support/factories";
import { formPost, pageContext } from "../support/page-context";

const resolver = dohTxtResolver((env as unknown as { DNS_OVER_HTTPS_URL: string }).DNS_OVER_HTTPS_URL);
const STORES = "stores.example.test";
const domainOf = (name: string) => `${name}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}.example.test`;

/** A company's store staff, and its claim of a domain as its settings page shows it. */
async function store() {
  const ctx = await ctxOf(await makeCompany());
  return {
    ctx,
    claim: async (domain: string) => updateStoreSettings(ctx, { status: true, custom_domain: domain }, { storesDomain: STORES }),
    verify: () => verifyStoreDomain(ctx, { resolver }),
    settings: () => getStoreSettings(ctx),
  };
}

async function worker() {
  const { exports } = await import("cloudflare:workers");
  return (exports as unknown as { default: Fetcher }).default;
}

describe("a store's own domain", () => {
  it("does not serve the store while only claimed, and a claim blocks no other company's", async () => {
    const [squatter, owner] = [await store(), await store()];
    const domain = domainOf("maison-durand");
    const claimed = await squatter.claim(domain);
    expect(claimed).toMatchObject({
      custom_domain: domain,
      custom_domain_status: "pending",
      custom_domain_record: { name: `_comptoir-verify.${domain}`, value: expect.stringMatching(/^[A-Za-z0-9_-]{20,}$/) },
    });
    expect(await companyOfStoreHost(control, domain, STORES)).toBeNull();
    // The Worker answers on the claimed host as on any host that is no store's (a store's host has no API).
    expect((await (await worker()).fetch(new Request(`https://${domain}/api/v1/health`))).status).toBe(200);
    // The owner claims it too, with a token of its own; saving the settings again keeps each claim as it was.
    const mine = await owner.claim(domain);
    expect(mine).toMatchObject({ custom_domain: domain, custom_domain_status: "pending" });
    expect(mine.custom_domain_record!.value).not.toBe(claimed.custom_domain_record!.value);
    expect((await squatter.claim(domain)).custom_domain_record).toEqual(claimed.custom_domain_record);
  });

  it("serves the store once its TXT record holds the claim's token; the other company's claim can then never be verified", async () => {
    const [squatter, owner, late] = [await store(), await store(), await store()];
    const domain = domainOf("www.maison-durand");
    const theirs = (await squatter.claim(domain)).custom_domain_record!.value;
    const record = (await owner.claim(domain)).custom_domain_record!;
    await answerDns(record.name, { txt: ["google-site-verification=abc", record.value] });
    expect(await owner.verify()).toMatchObject({ custom_domain: domain, custom_domain_status: "verified" });
    expect(await companyOfStoreHost(control, domain, STORES)).toBe(owner.ctx.actor.company.id);
    const response = await (await worker()).fetch(new Request(`https://${domain}/dashboard`, { redirect: "manual" }));
    expect([response.status, response.headers.get("location")]).toEqual([302, "/b2b"]);
    expect((await (await worker()).fetch(new Request(`https://${domain}/api/v1/health`))).status).toBe(404);
    // The squatter's token is not in the record: refused on the field.
    await expect(squatter.verify()).rejects.toMatchObject({
      code: "validation_failed",
      fields: { custom_domain: { code: "store_domain_not_verified", params: { name: record.name } } },
    });
    // Even with its token published beside the owner's, the domain serves one store only.
    await answerDns(record.name, { txt: [record.value, theirs] });
    await expect(squatter.verify()).rejects.toMatchObject({ fields: { custom_domain: { code: "store_address_taken" } } });
    expect((await squatter.settings()).custom_domain_status).toBe("pending");
    expect(await companyOfStoreHost(control, domain, STORES)).toBe(owner.ctx.actor.company.id);
    // A new claim of a domain that serves another store is refused at once.
    await expect(late.claim(domain)).rejects.toMatchObject({ fields: { custom_domain: { code: "store_address_taken" } } });
    // Verifying again, or saving the settings again, keeps the domain verified.
    expect((await owner.verify()).custom_domain_status).toBe("verified");
    expect((await owner.claim(domain)).custom_domain_status).toBe("verified");
  });

  it("refuses a wrong TXT record with a translated error naming the field, and saves nothing", async () => {
    const owner = await store();
    const domain = domainOf("shop");
    const { name } = (await owner.claim(domain)).custom_domain_record!;
    await answerDns(name, { txt: ["not-the-token"] });
    const refusal = await owner.verify().then(
      () => null,
      (error: { code: string; fields: Record<string, { code: string; params: Record<string, unknown> }> }) => error,
    );
    expect(refusal).toMatchObject({ code: "validation_failed", fields: { custom_domain: { code: "store_domain_not_verified" } } });
    const { code, params } = refusal!.fields.custom_domain!;
    expect(translate("en", `error.${code}`, params)).toBe(
      `No TXT record ${name} holds this store's code yet. Publish it, wait for the DNS to update, then verify again.`,
    );
    expect(translate("fr", `error.${code}`, params)).toBe(
      `Aucun enregistrement TXT ${name} ne contient encore le code de cette boutique. Publiez-le, attendez la mise à jour du DNS, puis vérifiez à nouveau.`,
    );
    expect((await owner.settings()).custom_domain_status).toBe("pending");
    expect(await companyOfStoreHost(control, domain, STORES)).toBeNull();
  });

  it("fails the check with its own error when the DNS server closes the connection, answers no JSON or never answers, within the deadline", async () => {
    const owner = await store();
    const domain = domainOf("shop");
    const { name } = (await owner.claim(domain)).custom_domain_record!;
    for (const fail of ["close", "garbage", "hang"] as const) {
      await answerDns(name, { fail });
      const started = Date.now();
      await expect(owner.verify(), fail).rejects.toMatchObject({ code: "store_domain_check_failed", params: { name } });
      // The deadline is the only latency bound here: a hanging server is given up after it, not waited for.
      expect(Date.now() - started, fail).toBeLessThan(DOH_DEADLINE_MS + 3_000);
    }
    expect(translate("en", "error.store_domain_check_failed", { name })).toBe(
      `The DNS lookup of ${name} failed: nothing was changed. Try again in a moment.`,
    );
    expect((await owner.settings()).custom_domain_status).toBe("pending");
    expect(await companyOfStoreHost(control, domain, STORES)).toBeNull();
  });

  it("is verified from the store's settings page, which shows its record and its status", async () => {
    const company = await makeCompany();
    const { context } = await pageContext(company);
    const args = (request: Request) => ({ request, context, params: { section: "setup" } }) as never;
    const page = "http://app.test/b2b-store/settings/setup";
    const domain = domainOf("shop");
    await updateStoreSettings(await ctxOf(company), { custom_domain: domain });
    const shown = (await settingsLoader(args(new Request(page)))) as { settings: StoreSettingsView };
    expect(shown.settings).toMatchObject({ custom_domain_status: "pending", custom_domain_record: { name: `_comptoir-verify.${domain}` } });
    const verify = () => settingsAction(args(formPost("/b2b-store/settings/setup", { intent: "verify_domain" })));
    await answerDns(shown.settings.custom_domain_record!.name, { txt: ["something else"] });
    expect(await verify()).toMatchObject({
      init: { status: 422 },
      data: { error: "validation_failed", fields: { custom_domain: { code: "store_domain_not_verified" } }, values: null },
    });
    await answerDns(shown.settings.custom_domain_record!.name, { txt: [shown.settings.custom_domain_record!.value] });
    expect(((await verify()) as Response).headers.get("location")).toBe("/b2b-store/settings/setup?notice=domain_verified");
    const after = (await settingsLoader(args(new Request(`${page}?notice=domain_verified`)))) as {
      settings: StoreSettingsView;
      notice: string;
    };
    expect(after).toMatchObject({ notice: "domain_verified", settings: { custom_domain_status: "verified" } });
  });

  it("is never one of the platform's own addresses, which serve their store without any record", async () => {
    const owner = await store();
    const slug = `shop-${Date.now().toString(36)}`;
    await expect(owner.claim(`${slug}.${STORES}`)).rejects.toMatchObject({ fields: { custom_domain: { code: "store_domain_reserved" } } });
    await updateStoreSettings(owner.ctx, { url: slug });
    expect(await companyOfStoreHost(control, `${slug}.${STORES}`, STORES)).toBe(owner.ctx.actor.company.id);
  });
});
