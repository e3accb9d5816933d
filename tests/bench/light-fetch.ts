import { Agent, request } from "node:http";

// The store's rows load the server with 50 clients at once; fetch (undici) cost the load generator
// 2 ms of CPU per request at a person's pace, on the same two cores as the server it measures. This
// client sends the same requests through node:http with kept-alive connections, for about half of
// that, and like a page's own requests it does not follow redirects.
const agent = new Agent({ keepAlive: true, maxSockets: 256 });

/** What measure() reads of an answer: its status, when its headers came (the promise) and its body. */
export function lightFetch(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const body = init.body === undefined ? undefined : Buffer.from(init.body);
    const req = request(
      url,
      { method: init.method ?? "GET", agent, headers: { ...init.headers, ...(body ? { "content-length": String(body.length) } : {}) } },
      (res) => {
        const chunks: Buffer[] = [];
        const done = new Promise<Buffer>((ok, fail) => {
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("end", () => ok(Buffer.concat(chunks)));
          res.on("error", fail);
        });
        const status = res.statusCode ?? 0;
        resolve({
          status,
          ok: status >= 200 && status < 300,
          headers: new Headers(
            Object.entries(res.headers).flatMap(([k, v]): [string, string][] => (v === undefined ? [] : [[k, String(v)]])),
          ),
          arrayBuffer: async () => {
            const b = await done;
            return b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength);
          },
          text: async () => (await done).toString("utf8"),
          json: async () => JSON.parse((await done).toString("utf8")) as unknown,
        } as Response);
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}
