/**
 * The one error type the domain throws. `code` is stable and translated by the UI;
 * `params` carry the values the message needs; `fields` name the inputs at fault.
 */
import { isFieldErrorCode, type ErrorCode, type FieldErrorCode } from "./error-codes";

export type { ErrorCode, FieldErrorCode } from "./error-codes";

export type FieldErrors = Record<string, { code: FieldErrorCode; params?: Record<string, unknown> }>;

export class DomainError extends Error {
  readonly code: ErrorCode;
  readonly params: Record<string, unknown>;
  readonly fields: FieldErrors | undefined;

  constructor(code: ErrorCode, params: Record<string, unknown> = {}, fields?: FieldErrors) {
    super(code);
    this.name = "DomainError";
    this.code = code;
    this.params = params;
    this.fields = fields;
  }
}

export interface ZodLikeError {
  issues: readonly { path: readonly PropertyKey[]; message: string; code?: string }[];
}

export namespace DomainError {
  /** Turns a failed zod parse into a `validation_failed` error naming each field at fault. */
  export function fromZod(error: ZodLikeError): DomainError {
    const fields: FieldErrors = {};
    for (const issue of error.issues) {
      const key = issue.path.map(String).join(".") || "_";
      // Schemas give codes as messages ("required", "invalid_email"); zod's defaults become "invalid".
      const code = isFieldErrorCode(issue.message) ? issue.message : "invalid";
      fields[key] ??= { code };
    }
    return new DomainError("validation_failed", {}, fields);
  }
}

export function isDomainError(value: unknown): value is DomainError {
  return value instanceof DomainError;
}
