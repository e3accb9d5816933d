import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

/** One email as the sink received it. */
export interface ReceivedEmail {
  /** Envelope recipients, lower-cased: who the message was really delivered to. */
  to: string[];
  from: string;
  /** The From and Reply-To headers' display name and addresses, as written in the message. */
  fromName: string;
  fromAddress: string;
  replyTo: string | null;
  subject: string;
  text: string;
  html: string | null;
  /** The files it carried: name, type and size in bytes. */
  attachments: { filename: string; contentType: string; size: number }[];
  receivedAt: number;
}

export interface SmtpSink {
  host: string;
  port: number;
  messages: ReceivedEmail[];
  waitFor(predicate: (message: ReceivedEmail) => boolean, timeoutMs?: number): Promise<ReceivedEmail>;
  close(): Promise<void>;
}

/**
 * A local SMTP server without TLS that keeps every message it receives, parsed. Used by the
 * tests (port 0: a free port) and by `npm start` as a mail catcher. With `auth`, it lets only
 * that user send, signed in with one of those mechanisms.
 */
export async function startSmtpSink(
  options: {
    port?: number;
    host?: string;
    onMessage?: (message: ReceivedEmail) => void;
    auth?: { methods: ("PLAIN" | "LOGIN")[]; username: string; password: string };
  } = {},
): Promise<SmtpSink> {
  const host = options.host ?? "127.0.0.1";
  const messages: ReceivedEmail[] = [];
  const waiters = new Set<() => void>();
  const auth = options.auth;
  const server = new SMTPServer({
    authOptional: !auth,
    disabledCommands: auth ? ["STARTTLS"] : ["AUTH", "STARTTLS"],
    ...(auth
      ? {
          authMethods: auth.methods,
          allowInsecureAuth: true,
          onAuth(login, _session, callback) {
            if (login.username === auth.username && login.password === auth.password) callback(null, { user: login.username });
            else callback(new Error("Invalid username or password"));
          },
        }
      : {}),
    logger: false,
    size: 1024 * 1024,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const message: ReceivedEmail = {
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            fromName: parsed.from?.value[0]?.name ?? "",
            fromAddress: parsed.from?.value[0]?.address ?? "",
            replyTo: parsed.replyTo?.value[0]?.address ?? null,
            subject: parsed.subject ?? "",
            text: parsed.text ?? "",
            html: typeof parsed.html === "string" ? parsed.html : null,
            attachments: parsed.attachments.map((a) => ({ filename: a.filename ?? "", contentType: a.contentType, size: a.size })),
            receivedAt: Date.now(),
          };
          messages.push(message);
          options.onMessage?.(message);
          for (const wake of waiters) wake();
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  // smtp-server logs connection errors (clients that hang up) as unhandled otherwise.
  server.on("error", () => {});
  const port = (server.server.address() as AddressInfo).port;

  return {
    host,
    port,
    messages,
    waitFor(predicate, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = messages.find(predicate);
          if (!found) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching email within ${timeoutMs} ms (${messages.length} received)`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Serves the sink's messages as JSON (`GET /messages?to=address`), for tests that run in
 * another process or inside workerd and cannot share the sink's memory.
 */
export async function serveSinkOverHttp(sink: SmtpSink, port = 0): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://sink");
    if (request.method !== "GET" || url.pathname !== "/messages") {
      response.writeHead(404).end();
      return;
    }
    const to = url.searchParams.get("to")?.toLowerCase();
    const list = to ? sink.messages.filter((m) => m.to.includes(to)) : sink.messages;
    response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(list));
  });
  await new Promise<void>((resolve) => server.listen(port, sink.host, resolve));
  const address = server.address() as AddressInfo;
  return {
    url: `http://${sink.host}:${address.port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
