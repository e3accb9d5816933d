import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { Socket } from "node:net";

/** What the fake answers for a name: TXT records, or a failure of the server itself. */
export type FakeDohAnswer = { txt: string[] } | { fail: "close" | "hang" | "garbage" };

/**
 * A DNS-over-HTTPS server answering the JSON API as Cloudflare documents it
 * (`GET /dns-query?name=…&type=TXT`, `accept: application/dns-json`): `Status` 0 with `Answer`
 * records whose `data` is the quoted text, `Status` 3 (NXDOMAIN) for a name it does not know.
 * Tests set a name's answer with `PUT /records` (`{ name, answer }`), or make it fail.
 */
export async function startFakeDoh(port: number): Promise<{ url: string; close(): Promise<void> }> {
  const answers = new Map<string, FakeDohAnswer>();
  const sockets = new Set<Socket>();
  const json = (res: ServerResponse, status: number, body: unknown, type = "application/dns-json") => {
    res.writeHead(status, { "content-type": type });
    res.end(typeof body === "string" ? body : JSON.stringify(body));
  };
  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? "/", "http://fake-doh");
    if (req.method === "PUT" && url.pathname === "/records") {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const { name, answer } = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { name: string; answer: FakeDohAnswer };
      answers.set(name.toLowerCase().replace(/\.$/, ""), answer);
      return json(res, 204, "");
    }
    if (req.method !== "GET" || url.pathname !== "/dns-query") return json(res, 404, "not found", "text/plain");
    const name = url.searchParams.get("name") ?? "";
    if (!name || req.headers.accept !== "application/dns-json") return json(res, 400, { error: "Invalid query" }, "application/json");
    const type = url.searchParams.get("type")?.toUpperCase() === "TXT" ? 16 : Number(url.searchParams.get("type"));
    const answer = answers.get(name.toLowerCase().replace(/\.$/, ""));
    if (answer && "fail" in answer) {
      if (answer.fail === "close") return req.socket.destroy();
      if (answer.fail === "hang") return;
      return json(res, 200, "<html><body>Bad gateway</body></html>");
    }
    const question = [{ name: `${name}.`, type }];
    const flags = { TC: false, RD: true, RA: true, AD: false, CD: false };
    if (!answer) return json(res, 200, { Status: 3, ...flags, Question: question });
    const records =
      type === 16
        ? answer.txt.map((text) => ({ name: `${name}.`, type: 16, TTL: 300, data: `"${text.replace(/(["\\])/g, "\\$1")}"` }))
        : [];
    return json(res, 200, { Status: 0, ...flags, Question: question, ...(records.length ? { Answer: records } : {}) });
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${port}/dns-query`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
