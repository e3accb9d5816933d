import type { Context } from "hono";
import { TenantUnavailableError } from "../../db/tenants";
import { DomainError, type ErrorCode, type FieldErrors } from "../domain/shared/domain-error";
import { translate } from "../../locales";
import type { Locale } from "../domain/shared/locale";
import { statusForCode } from "../error-status";

export { statusForCode } from "../error-status";

export interface ErrorBody {
  error: {
    code: string;
    message: string;
    params?: Record<string, unknown>;
    fields?: Record<string, { code: string; message: string; params?: Record<string, unknown> }>;
  };
}

// The values a message names (e.g. the quantity still available) travel with it, for programs.
const withParams = (params: Record<string, unknown> | undefined) => (params && Object.keys(params).length ? { params } : {});

export function errorBody(locale: Locale, code: ErrorCode, params: Record<string, unknown> = {}, fields?: FieldErrors): ErrorBody {
  const body: ErrorBody = { error: { code, message: translate(locale, `error.${code}`, params), ...withParams(params) } };
  if (fields)
    body.error.fields = Object.fromEntries(
      Object.entries(fields).map(([name, f]) => [
        name,
        { code: f.code, message: translate(locale, `error.${f.code}`, f.params), ...withParams(f.params) },
      ]),
    );
  return body;
}

/** Turns anything thrown in a handler into the JSON error shape; unknown errors never leak detail. */
export function toErrorResponse(c: Context, locale: Locale, error: unknown): Response {
  if (error instanceof DomainError) {
    const status = statusForCode(error.code);
    if (status === 429 && typeof error.params.seconds === "number") c.header("retry-after", String(error.params.seconds));
    return c.json(errorBody(locale, error.code, error.params, error.fields), status as 400);
  }
  if (error instanceof TenantUnavailableError) {
    console.error(error);
    return c.json(errorBody(locale, "company_database_unavailable"), 503);
  }
  console.error(error);
  return c.json(errorBody(locale, "internal"), 500);
}
