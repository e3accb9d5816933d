import { controlDb } from "../db/client";
import { setMaintenance } from "../worker/domain/platform/maintenance";
import { dbTargetFromEnv } from "./db-migrate";

// npm run maintenance -- on ["message"] | off : flips the switch for every Worker within seconds.
const [mode, ...words] = process.argv.slice(2);
if (mode !== "on" && mode !== "off") {
  console.error('usage: npm run maintenance -- on ["message"] | off');
  process.exit(2);
}
const target = dbTargetFromEnv();
const control = controlDb({ url: target.controlUrl, authToken: process.env.CONTROL_DATABASE_TOKEN });
await setMaintenance(control, { on: mode === "on", message: words.join(" ").trim() || null });
console.log(`maintenance ${mode}`);
