import type { RequestContext } from "../context";

export interface ApiEnv {
  Variables: { ctx: RequestContext };
}
