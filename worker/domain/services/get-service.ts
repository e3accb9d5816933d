import { requirePermission, type Ctx } from "../shared/ctx";
import { READ_SERVICES } from "./service-permissions";
import { serviceId, serviceView } from "./service-queries";
import type { ServiceView } from "./service-schemas";

/** One service with its tax and tags. */
export async function getService(ctx: Ctx, input: { id: string | number }): Promise<ServiceView> {
  requirePermission(ctx, READ_SERVICES);
  return serviceView(ctx.db, serviceId(input.id));
}
