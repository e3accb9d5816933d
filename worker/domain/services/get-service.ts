import { requirePermission, type Ctx } from "../shared/ctx";
import { recordId } from "../shared/input";
import { READ_SERVICES } from "./service-permissions";
import { serviceView } from "./service-queries";
import type { ServiceView } from "./service-schemas";

/** One service with its tax and tags. */
export async function getService(ctx: Ctx, input: { id: unknown }): Promise<ServiceView> {
  requirePermission(ctx, READ_SERVICES);
  return serviceView(ctx.db, recordId(input.id));
}
