import type { Ctx } from "../../shared/ctx";
import { updateLocation } from "./update-location";

/** Activates a location. */
export const enableLocation = (ctx: Ctx, input: { id: unknown }) => updateLocation(ctx, { id: input.id, active: true });
/** Deactivates a location (not the last active one: `last_active_location`). */
export const disableLocation = (ctx: Ctx, input: { id: unknown }) => updateLocation(ctx, { id: input.id, active: false });
