import { ERROR_CODES, type ErrorCode } from "./domain/shared/error-codes";

/**
 * The one place where domain error codes become HTTP statuses: the API's answers and the pages'
 * refused form posts both read it, from the catalogue of codes.
 */
export function statusForCode(code: ErrorCode): number {
  return ERROR_CODES[code].status;
}
