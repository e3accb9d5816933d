/**
 * The one error type the domain throws. `code` is stable and translated by the UI;
 * `params` carry the values the message needs; `fields` name the inputs at fault.
 */
export type FieldErrors = Record<string, { code: string; params?: Record<string, unknown> }>;

export class DomainError extends Error {
  readonly code: string;
  readonly params: Record<string, unknown>;
  readonly fields: FieldErrors | undefined;

  constructor(code: string, params: Record<string, unknown> = {}, fields?: FieldErrors) {
    super(code);
    this.name = "DomainError";
    this.code = code;
    this.params = params;
    this.fields = fields;
  }
}

export function isDomainError(value: unknown): value is DomainError {
  return value instanceof DomainError;
}
