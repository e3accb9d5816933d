import { eq } from "drizzle-orm";
import { tenantSchema } from "../../../db/client";
import { requirePermission, type Ctx } from "../shared/ctx";
import { recordId } from "../shared/input";
import { EDIT_SERVICES } from "./service-permissions";
import { serviceRow, serviceView } from "./service-queries";
import type { ServiceView } from "./service-schemas";

const { services } = tenantSchema;

/** Makes a service active or inactive. */
export async function setServiceActive(ctx: Ctx, input: { id: unknown; active: boolean }): Promise<ServiceView> {
  requirePermission(ctx, EDIT_SERVICES);
  const current = await serviceRow(ctx.db, recordId(input.id));
  if (current.active !== input.active)
    await ctx.db.update(services).set({ active: input.active, updatedAt: ctx.now() }).where(eq(services.id, current.id));
  return serviceView(ctx.db, current.id);
}
