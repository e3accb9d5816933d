/** Who is making a request, and in which company. */
export interface CompanyRef {
  id: string;
  label: string;
  status: "trial" | "subscribed" | "paused" | "suspended" | "cancelled" | "trial_ended";
  frozen: boolean;
  databaseUrl: string;
  schemaVersion: number;
}

export type Actor =
  | {
      kind: "user";
      sessionId: string;
      userId: string;
      email: string;
      firstName: string;
      lastName: string;
      language: "en" | "fr";
      company: CompanyRef;
      permissions: string[];
      isAdmin: boolean;
    }
  | { kind: "api_token"; tokenId: string; company: CompanyRef; permissions: string[] };

/** The company part of an actor, from a row of the control database's companies table. */
export function companyRef(row: CompanyRef & Record<string, unknown>): CompanyRef {
  const { id, label, status, frozen, databaseUrl, schemaVersion } = row;
  return { id, label, status, frozen, databaseUrl, schemaVersion };
}
