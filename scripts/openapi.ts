import { mkdir, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import { openApiDocument } from "../worker/api/openapi";

// npm run lint:openapi writes the document here (from the code, without the Worker) and lints it.
const target = process.argv[2] ?? ".tmp/openapi.json";
await mkdir(dirname(target), { recursive: true });
await writeFile(target, `${JSON.stringify(openApiDocument(), null, 2)}\n`);
console.log(`OpenAPI document written to ${target}`);
