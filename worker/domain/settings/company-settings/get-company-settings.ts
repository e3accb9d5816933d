import { requireBackOffice, type Ctx } from "../../shared/ctx";
import type { CompanySettingsView } from "./company-settings-schemas";
import { settingsView } from "./company-settings-shared";

/** The company's settings; any actor of the back office reads them. */
export async function getCompanySettings(ctx: Ctx): Promise<CompanySettingsView> {
  requireBackOffice(ctx);
  return settingsView(ctx.db);
}
