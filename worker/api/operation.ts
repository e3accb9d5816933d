import { z } from "zod";
import type { DeleteAcknowledgement } from "../domain/shared/acknowledgements";
import type { PermissionCheck } from "../domain/identity/permissions";
import type { ListRegistry } from "../domain/shared/list-query";

/**
 * One documented operation. `permissions` is what the isolation test checks against. The common
 * error answers are documented from what it takes: 401 and 403 when `auth`, 404 with a path
 * parameter, 400/415/422 with a body, 422 with query parameters, 503 always.
 */
export interface ApiOperation {
  method: "get" | "post" | "patch" | "put" | "delete";
  path: string;
  tag: string;
  summary: string;
  /** false for calls made without a token (health, password reset). */
  auth: boolean;
  permissions?: PermissionCheck;
  /** A signed-in user may call it on their own id without the permissions. */
  selfAllowed?: boolean;
  /** The JSON body it reads. */
  body?: z.ZodType;
  /** A body that is not JSON: the media types it accepts. */
  upload?: readonly string[];
  /** A list read with this registry (parseListQuery): page, page_size, sort, total_count, search and filters. */
  list?: ListRegistry;
  /** Other query parameters it reads. */
  query?: z.ZodObject;
  /** Request headers it reads, with what they do. */
  headers?: Record<string, string>;
  /** The JSON body of its success answers (a named schema of ./schemas), or one per status. */
  result?: z.ZodType | Record<number, z.ZodType>;
  /** A success answer that is not JSON: its media type. */
  media?: string;
  /** Each answer it gives: the success ones, and the errors particular to it (conflicts…). */
  responses: Record<number, string>;
}

/** The usual error answers of a guarded route, to spread into `responses`. */
export const errors = {
  401: "No valid token, or an API token whose creator no longer has access to the company (api_token_creator_inactive)",
  403: "A permission is missing, or the company is frozen",
};

/** The `acknowledge` parameter of a delete that asks its consequences to be acknowledged (domain spec §5). */
export function acknowledgeQuery(asked: readonly DeleteAcknowledgement[]) {
  return z.object({
    acknowledge: z.string().meta({
      description: `The consequences acknowledged, comma-separated or the parameter repeated: ${asked.join(", ")}. Without all of them the delete answers 422 acknowledgement_required.`,
      examples: [asked.join(",")],
    }),
  });
}
