import { eq } from "drizzle-orm";
import { tenantSchema } from "../../../db/client";
import { DELETE_ASKS, requireAcknowledged } from "../shared/acknowledgements";
import { requirePermission, type Ctx } from "../shared/ctx";
import { recordId } from "../shared/input";
import { EDIT_SERVICES } from "./service-permissions";
import { serviceRow } from "./service-queries";

const { services, serviceTagLinks } = tenantSchema;

/** Nothing refers to a service yet (documents will): its tag links go with it. */
export async function deleteService(ctx: Ctx, input: { id: unknown; acknowledged: readonly string[] }): Promise<void> {
  requirePermission(ctx, EDIT_SERVICES);
  const { db } = ctx;
  const current = await serviceRow(db, recordId(input.id));
  requireAcknowledged(input.acknowledged, DELETE_ASKS.service);
  await db.batch([
    db.delete(serviceTagLinks).where(eq(serviceTagLinks.serviceId, current.id)),
    db.delete(services).where(eq(services.id, current.id)),
  ]);
}
