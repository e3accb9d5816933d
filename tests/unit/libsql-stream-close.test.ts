import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { HRANA_HTTP_STREAM_FILE, sharedCloseError } from "../../scripts/lib/libsql-stream-close";

// The build gives the libSQL client one error for every graceful close of a stream
// (scripts/lib/libsql-stream-close.ts): the same class and message, made once.

const libEsm = join(process.cwd(), "node_modules", "@libsql", "hrana-client", "lib-esm");
const streamFile = join(libEsm, "http", "stream.js");
const cache = join(process.cwd(), "node_modules", ".cache");
mkdirSync(cache, { recursive: true });
const folder = mkdtempSync(join(cache, "libsql-stream-close-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe("the libSQL client's graceful close, as the build sets it", () => {
  it("names the file it changes, and refuses a source without the line it changes", () => {
    expect(HRANA_HTTP_STREAM_FILE.test(streamFile)).toBe(true);
    expect(() => sharedCloseError("this._setClosed(new ClientError('closed'));")).toThrow(/changed/);
  });

  it("closes with one ClientError of the original message, made once, and the module still loads", async () => {
    const changed = sharedCloseError(readFileSync(streamFile, "utf8"));
    expect(changed).not.toContain('new ClientError("Stream was gracefully closed")),');
    expect(changed.match(/this\._setClosed\(gracefullyClosed\);/g)).toHaveLength(1);
    cpSync(libEsm, folder, { recursive: true });
    writeFileSync(join(folder, "http", "stream.js"), changed);
    const stream = (await import(/* @vite-ignore */ pathToFileURL(join(folder, "http", "stream.js")).href)) as {
      gracefullyClosed: Error;
      HttpStream: unknown;
    };
    const errors = (await import(/* @vite-ignore */ pathToFileURL(join(folder, "errors.js")).href)) as {
      ClientError: new (m: string) => Error;
    };
    expect(stream.HttpStream).toBeTypeOf("function");
    expect(stream.gracefullyClosed).toBeInstanceOf(errors.ClientError);
    expect(stream.gracefullyClosed.message).toBe("Stream was gracefully closed");
    expect(stream.gracefullyClosed.name).toBe("ClientError");
  });
});
