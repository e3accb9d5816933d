import type { makeCompany } from "../factories";

export type IsolationCompany = Awaited<ReturnType<typeof makeCompany>>;

/**
 * What the API isolation test needs to know about one area's routes. Each file of this folder
 * (but this one) exports `isolation`; the test reads them all.
 */
export interface IsolationArea {
  /** A valid body per write, keyed "post /users", so that a refusal can only come from the token. */
  bodies: Record<string, unknown>;
  /**
   * Per path prefix of an {id} route ("/users/"): makes a record in `theirs` whose id does
   * not exist in `mine`, and returns that id.
   */
  records: Record<string, (theirs: IsolationCompany, mine: IsolationCompany) => Promise<string>>;
}
