import { afterAll, describe, expect, it } from "vitest";
import { setMaintenance } from "../../worker/domain/platform/maintenance";
import { control, makeCompany, makeUser } from "../support/e2e-factories";
import { fetchApp } from "../support/e2e-fetch-app";

const get = (path: string, cookie?: string) => fetchApp(path, { cookie });

// The switch is read every few seconds per isolate, hence the polls.
const poll = { timeout: 15_000, interval: 250 };

// Whatever happens, the next test file must find the app out of maintenance.
afterAll(async () => {
  await setMaintenance(control, { on: false, message: null });
  const deadline = Date.now() + 15_000;
  while ((await get("/api/v1/me")).status === 503 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
});

describe("maintenance", () => {
  it("sends guarded pages to /maintenance, answers the API with 503 and the message in a header, and returns to / once off", async () => {
    const company = await makeCompany();
    const user = await makeUser(company.companyId, ["settings"]);

    await setMaintenance(control, { on: true, message: "Back at 14:00 — nouvelle version" });
    await expect.poll(async () => (await get("/api/v1/me", undefined)).status, poll).toBe(503);
    const api = await fetchApp("/api/v1/me", { token: user.token });
    expect(api.status).toBe(503);
    expect(decodeURIComponent(api.headers.get("x-maintenance-message") ?? "")).toBe("Back at 14:00 — nouvelle version");
    expect(await api.json()).toMatchObject({ error: { code: "maintenance" } });
    // The health check still reports.
    expect((await get("/api/v1/health")).status).toBe(200);

    expect((await get("/dashboard", user.cookie)).headers.get("location")).toBe("/maintenance");
    const page = await get("/maintenance");
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Back at 14:00 — nouvelle version");

    // Without a configured message the spec's text shows.
    await setMaintenance(control, { on: true, message: null });
    await expect
      .poll(
        async () =>
          (await (await get("/maintenance")).text()).includes("The application is currently down for maintenance! We&#x27;re working hard"),
        poll,
      )
      .toBe(true);

    await setMaintenance(control, { on: false, message: null });
    await expect.poll(async () => (await get("/maintenance")).headers.get("location"), poll).toBe("/");
    expect((await get("/dashboard", user.cookie)).status).toBe(200);
  });
});
