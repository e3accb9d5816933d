// The parts of the `libsql` package (better-sqlite3 style, synchronous) that the server uses.
declare module "libsql" {
  interface Column {
    name: string;
    column: string | null;
    table: string | null;
    database: string | null;
    type: string | null;
  }
  interface RunResult {
    changes: number;
    lastInsertRowid: number | bigint;
  }
  class Statement {
    readonly reader: boolean;
    raw(toggle?: boolean): this;
    safeIntegers(toggle?: boolean): this;
    columns(): Column[];
    run(params: unknown[] | Record<string, unknown>): RunResult;
    all(params: unknown[] | Record<string, unknown>): unknown[][];
  }
  class Database {
    constructor(path: string, options?: { timeout?: number });
    readonly inTransaction: boolean;
    prepare(sql: string): Statement;
    exec(sql: string): void;
    close(): void;
    defaultSafeIntegers(toggle?: boolean): this;
  }
  export type { Statement };
  export default Database;
}
