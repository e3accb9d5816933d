// Settings shared by the local scripts (start, seed, migrate, bench). Environment variables win.
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";

/** The project's folder: every path handed to a tool is absolute, whatever the current folder. */
export const ROOT = fileURLToPath(new URL("../..", import.meta.url));
export const DB_SERVER_PORT = Number(process.env.DB_SERVER_PORT ?? 8080);
export const LOCAL_DB_URL = process.env.LOCAL_DB_URL ?? `http://127.0.0.1:${DB_SERVER_PORT}`;
export const CONTROL_DATABASE_URL = process.env.CONTROL_DATABASE_URL ?? `${LOCAL_DB_URL}/control/`;
export const DATA_DIR = resolve(ROOT, process.env.DB_SERVER_DIR ?? ".data");
export const APP_PORT = Number(process.env.PORT ?? 8787);
export const DEMO_EMAIL = "demo@comptoir.example";
export const DEMO_PASSWORD = "Demo-Comptoir-2026!";
/** A buyer of the demo store (a B2B user of one of the demo customers), with the same password. */
export const DEMO_BUYER_EMAIL = "acheteur@comptoir.example";
