/** The part of the files bucket (R2) the verbs use: images, logos, and later exports and PDFs. */
export interface FileStore {
  put(key: string, value: ArrayBuffer | Uint8Array, options?: { httpMetadata?: { contentType?: string } }): Promise<unknown>;
  get(key: string): Promise<{ body: ReadableStream; httpMetadata?: { contentType?: string } } | null>;
  delete(key: string): Promise<void>;
}

/** For callers with no bucket (the seed script in Node): any use of files is a bug there, and says so. */
export const NO_FILES: FileStore = {
  put: () => Promise.reject(new Error("No files bucket here")),
  get: () => Promise.reject(new Error("No files bucket here")),
  delete: () => Promise.reject(new Error("No files bucket here")),
};
