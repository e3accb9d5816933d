import type { Ctx } from "../../shared/ctx";
import type { CompanySettingsView } from "./company-settings-schemas";
import { settingsView } from "./company-settings-shared";

/** The company's settings; any signed-in actor reads them. */
export async function getCompanySettings(ctx: Ctx): Promise<CompanySettingsView> {
  return settingsView(ctx.db);
}
