import { eq } from "drizzle-orm";
import { controlSchema, type ControlDb } from "../../../db/client";

export interface MaintenanceState {
  on: boolean;
  /** The operator's message; the UI shows the spec's text when it is null. */
  message: string | null;
}

const KEY = "maintenance";
const { platformSettings } = controlSchema;

// Read at most every few seconds per isolate: every request checks it.
export const MAINTENANCE_CACHE_MS = 3_000;
let cache: { at: number; state: MaintenanceState } | undefined;

export async function readMaintenance(control: ControlDb, now = Date.now()): Promise<MaintenanceState> {
  if (cache && now - cache.at < MAINTENANCE_CACHE_MS) return cache.state;
  const row = await control.query.platformSettings.findFirst({ where: eq(platformSettings.key, KEY) });
  const value = (row?.value ?? {}) as Partial<MaintenanceState>;
  const state = { on: value.on === true, message: typeof value.message === "string" && value.message ? value.message : null };
  cache = { at: now, state };
  return state;
}

/** The switch, flipped by operators with `npm run maintenance -- on|off [message]`. */
export async function setMaintenance(control: ControlDb, state: MaintenanceState, now = Date.now()): Promise<void> {
  await control
    .insert(platformSettings)
    .values({ key: KEY, value: state, updatedAt: now })
    .onConflictDoUpdate({ target: platformSettings.key, set: { value: state, updatedAt: now } });
  cache = undefined;
}
