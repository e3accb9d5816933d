import type { Client } from "@libsql/client";

export interface Migration {
  tag: string;
  hash: string;
  statements: string[];
}

export class SchemaError extends Error {
  constructor(
    readonly code: "schema_diverged" | "schema_newer_than_code",
    message: string,
  ) {
    super(message);
    this.name = "SchemaError";
  }
}

const ledger = `CREATE TABLE IF NOT EXISTS __migrations (
  id integer PRIMARY KEY, tag text NOT NULL UNIQUE, hash text NOT NULL, applied_at integer NOT NULL)`;

async function appliedTags(client: Client, migrations: Migration[]): Promise<number> {
  await client.execute(ledger);
  const { rows } = await client.execute("SELECT tag, hash FROM __migrations ORDER BY id");
  if (rows.length > migrations.length)
    throw new SchemaError("schema_newer_than_code", `database has ${rows.length} migrations, code knows ${migrations.length}`);
  rows.forEach((row, i) => {
    const expected = migrations[i]!;
    if (row.tag !== expected.tag || row.hash !== expected.hash)
      throw new SchemaError("schema_diverged", `migration ${i} is ${String(row.tag)}, expected ${expected.tag}`);
  });
  return rows.length;
}

/**
 * Applies the pending migrations in one atomic batch, so a database is never left
 * half-migrated. Returns the schema version (number of migrations applied).
 */
export async function migrateDatabase(client: Client, migrations: Migration[]): Promise<number> {
  for (let attempt = 0; ; attempt++) {
    const applied = await appliedTags(client, migrations);
    const pending = migrations.slice(applied);
    if (pending.length === 0) return applied;
    const now = Date.now();
    try {
      await client.batch(
        pending.flatMap((m, i) => [
          ...m.statements,
          {
            sql: "INSERT INTO __migrations (id, tag, hash, applied_at) VALUES (?, ?, ?, ?)",
            args: [applied + i + 1, m.tag, m.hash, now],
          },
        ]),
        "write",
      );
      return migrations.length;
    } catch (error) {
      // Another process may have migrated at the same moment: re-read once and decide.
      if (attempt >= 1) throw error;
    }
  }
}

/** The schema version of a database without changing it. */
export async function schemaVersion(client: Client, migrations: Migration[]): Promise<number> {
  return appliedTags(client, migrations);
}
