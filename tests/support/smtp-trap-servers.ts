// Mail servers that misbehave, for the Worker tests of the SMTP client (started by the global setup, in Node),
// and a watchdog that ends the run when the Worker's isolate stops answering instead of letting it hang.
import { createServer as createHttpServer, type Server as HttpServer } from "node:http";
import { createServer, type Server, type Socket } from "node:net";

export const TRAP_KINDS = ["closing", "silent", "trickle"] as const;
export type TrapKind = (typeof TRAP_KINDS)[number];

/** What a trap server saw: connections accepted, and how many are still open. */
export interface TrapCounts {
  connections: number;
  open: number;
}

interface Trap {
  counts: TrapCounts;
  server: Server;
  sockets: Set<Socket>;
}

/**
 * closing: accepts the connection and closes it at once. silent: accepts it and never says a
 * word. trickle: a real SMTP dialogue, but every answer comes one byte a second.
 */
async function startTrap(kind: TrapKind, port: number): Promise<Trap> {
  const counts = { connections: 0, open: 0 };
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    counts.connections++;
    counts.open++;
    sockets.add(socket);
    socket.on("error", () => {});
    socket.on("close", () => {
      counts.open--;
      sockets.delete(socket);
    });
    if (kind === "closing") socket.destroy();
    if (kind === "trickle") trickle(socket);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  return { counts, server, sockets };
}

function trickle(socket: Socket): void {
  let pending = "220 ok\r\n";
  let input = "";
  let inData = false;
  const timer = setInterval(() => {
    if (!pending) return;
    socket.write(pending[0]!);
    pending = pending.slice(1);
  }, 1000);
  socket.on("close", () => clearInterval(timer));
  socket.on("data", (chunk) => {
    input += chunk.toString("latin1");
    for (let end = input.indexOf("\r\n"); end >= 0; end = input.indexOf("\r\n")) {
      const line = input.slice(0, end);
      input = input.slice(end + 2);
      if (inData) {
        if (line === ".") {
          inData = false;
          pending += "250 ok\r\n";
        }
      } else if (/^DATA$/i.test(line)) {
        inData = true;
        pending += "354 go\r\n";
      } else pending += /^QUIT$/i.test(line) ? "221 bye\r\n" : "250 ok\r\n";
    }
  });
}

export interface TrapServers {
  close(): Promise<void>;
}

/**
 * The trap servers on their ports, and an HTTP control on `controlPort`: `GET /counts` gives
 * each server's counts; `POST /watchdog?ms=N` arms the watchdog (each call postpones it) and
 * `POST /watchdog/off` disarms it. An armed watchdog not called for N ms means the isolate is
 * frozen: it ends the run with an error (a frozen isolate would otherwise hang it for ever).
 */
export async function startTrapServers(ports: Record<TrapKind, number>, controlPort: number): Promise<TrapServers> {
  const traps = {} as Record<TrapKind, Trap>;
  for (const kind of TRAP_KINDS) traps[kind] = await startTrap(kind, ports[kind]);
  let watchdog: NodeJS.Timeout | undefined;
  const control: HttpServer = createHttpServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://control");
    if (request.method === "GET" && url.pathname === "/counts") {
      const counts = Object.fromEntries(TRAP_KINDS.map((kind) => [kind, traps[kind].counts]));
      response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(counts));
      return;
    }
    if (request.method === "POST" && url.pathname.startsWith("/watchdog")) {
      clearTimeout(watchdog);
      const ms = Number(url.searchParams.get("ms"));
      if (url.pathname === "/watchdog" && ms > 0) {
        watchdog = setTimeout(() => {
          console.error(`\nThe Worker's isolate answered nothing for ${ms} ms while a test watched it: it is frozen. Ending the run.\n`);
          process.exit(1);
        }, ms);
      }
      response.writeHead(204).end();
      return;
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => control.listen(controlPort, "127.0.0.1", resolve));
  return {
    async close() {
      clearTimeout(watchdog);
      await new Promise<void>((resolve) => control.close(() => resolve()));
      for (const trap of Object.values(traps)) {
        for (const socket of trap.sockets) socket.destroy();
        await new Promise<void>((resolve) => trap.server.close(() => resolve()));
      }
    },
  };
}
