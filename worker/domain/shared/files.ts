/** The part of the files bucket (R2) a company's store is built on: the raw bucket, keys as they are. */
export interface FileBucket {
  put(key: string, value: ArrayBuffer | Uint8Array, options?: { httpMetadata?: { contentType?: string } }): Promise<unknown>;
  get(key: string): Promise<StoredFile | null>;
  delete(key: string): Promise<void>;
}

export interface StoredFile {
  body: ReadableStream;
  httpMetadata?: { contentType?: string };
}

/**
 * One company's files (images, logos, imports, exports, PDFs), the only door the verbs have to the
 * bucket. A verb names a file by a key relative to the company (`products/12/x.png`); the store puts
 * it under `companies/<companyId>/`. A key already under that prefix (as rows save them) is taken as
 * it is; any other company's key, or one that climbs out (`..`, absolute, encoded), is no file of ours:
 * `get` finds nothing, `delete` does nothing, `put` refuses.
 */
export interface FileStore {
  /** Stores the file; gives back its full key, the one rows save. */
  put(key: string, value: ArrayBuffer | Uint8Array, options?: { httpMetadata?: { contentType?: string } }): Promise<string>;
  get(key: string): Promise<StoredFile | null>;
  delete(key: string): Promise<void>;
}

/** The prefix every file of a company is kept under. */
export const companyFilesPrefix = (companyId: string) => `companies/${companyId}/`;

const MAX_KEY = 512;
// A relative key: segments of letters, digits and `._-` (the names the verbs make), none of them `.` or `..`.
const SEGMENT = /^[\w.-]+$/;

/** The company's full key for a key given by a verb or read from a row, or null when it names no file of this company. */
export function scopedFileKey(companyId: string, key: string): string | null {
  const prefix = companyFilesPrefix(companyId);
  const relative = key.startsWith(prefix) ? key.slice(prefix.length) : key;
  // Another company's key, an absolute path, or a backslash, percent-encoded or control character is never a file of ours.
  if (relative.startsWith("companies/") || relative.length === 0 || relative.length > MAX_KEY) return null;
  const segments = relative.split("/");
  if (segments.some((s) => !SEGMENT.test(s) || s === "." || s === "..")) return null;
  return prefix + relative;
}

/** The company's own view of the bucket (see FileStore); every Ctx gets one, for its actor's company. */
export function companyFiles(bucket: FileBucket, companyId: string): FileStore {
  return {
    async put(key, value, options) {
      const full = scopedFileKey(companyId, key);
      if (!full) throw new Error(`Not a key of the company's files: ${JSON.stringify(key)}`);
      await bucket.put(full, value, options);
      return full;
    },
    async get(key) {
      const full = scopedFileKey(companyId, key);
      return full ? bucket.get(full) : null;
    },
    async delete(key) {
      const full = scopedFileKey(companyId, key);
      if (full) await bucket.delete(full);
    },
  };
}

/** For callers with no bucket (the seed script in Node): any use of files is a bug there, and says so. */
export const NO_FILES: FileBucket = {
  put: () => Promise.reject(new Error("No files bucket here")),
  get: () => Promise.reject(new Error("No files bucket here")),
  delete: () => Promise.reject(new Error("No files bucket here")),
};
