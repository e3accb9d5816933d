/** The local database server's counters: round trips (HTTP requests) per database and per address label. */
export interface DbServerStats {
  pipelines: Record<string, number>;
  labels: Record<string, number>;
}

export async function dbServerStats(serverUrl: string): Promise<DbServerStats> {
  return (await (await fetch(`${serverUrl}/admin/stats`)).json()) as DbServerStats;
}
