// npm run db:server — the local libSQL server on its own (DB_SERVER_PORT, DB_SERVER_DIR).
import { parseArgs } from "node:util";
import { startDbServer } from "./server";

const { values } = parseArgs({
  options: {
    port: { type: "string", default: process.env.DB_SERVER_PORT ?? "8080" },
    dir: { type: "string", default: process.env.DB_SERVER_DIR ?? ".data" },
    host: { type: "string", default: "127.0.0.1" },
  },
});
const server = await startDbServer({
  dir: values.dir!,
  port: Number(values.port),
  host: values.host!,
  authToken: process.env.LOCAL_DB_TOKEN,
});
console.log(`libSQL server listening on ${server.url}`);
const stop = async () => {
  await server.close();
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
