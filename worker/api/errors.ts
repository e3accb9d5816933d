import type { Context } from "hono";
import { TenantUnavailableError } from "../../db/tenants";
import { DomainError, type FieldErrors } from "../domain/shared/domain-error";
import { translate } from "../../app/locales";
import type { Locale } from "../domain/shared/locale";

/** The one place where domain error codes become HTTP statuses. */
const STATUS_BY_CODE: Record<string, number> = {
  validation_failed: 422,
  invalid_json: 400,
  unauthenticated: 401,
  login_required: 400,
  login_invalid: 401,
  forbidden: 403,
  not_found: 404,
  email_taken: 409,
  user_already_member: 409,
  invitation_not_pending: 409,
  conflict: 409,
  location_label_taken: 409,
  last_active_location: 409,
  price_level_label_taken: 409,
  default_price_level: 409,
  currency_taken: 409,
  default_currency: 409,
  tax_label_taken: 409,
  attribute_label_taken: 409,
  brand_label_taken: 409,
  tag_label_taken: 409,
  season_label_taken: 409,
  in_use: 409,
  product_has_stock: 409,
  service_reference_taken: 409,
  saved_view_label_taken: 409,
  customer_number_taken: 409,
  duplicate_sku: 409,
  last_variant: 409,
  single_variant_only: 409,
  too_many_variants: 409,
  insufficient_stock: 422,
  stock_changed: 409,
  duplicate_batch: 409,
  idempotency_key_reused: 409,
  rate_limited: 429,
  login_rate_limited: 429,
  access_frozen: 403,
  refresh_invalid: 400,
  refresh_reused: 400,
  company_database_unavailable: 503,
  maintenance: 503,
  password_link_invalid: 400,
  password_link_expired: 400,
  reset_email_failed: 502,
  invitation_email_failed: 502,
};

export function statusForCode(code: string): number {
  return STATUS_BY_CODE[code] ?? 400;
}

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

export function errorBody(locale: Locale, code: string, params: Record<string, unknown> = {}, fields?: FieldErrors): ErrorBody {
  const body: ErrorBody = { error: { code, message: translate(locale, `error.${code}`, params), ...withParams(params) } };
  if (fields)
    body.error.fields = Object.fromEntries(
      Object.entries(fields).map(([name, f]) => [name, { code: f.code, message: translate(locale, `error.${f.code}`, f.params), ...withParams(f.params) }]),
    );
  return body;
}

/** Turns anything thrown in a handler into the JSON error shape; unknown errors never leak detail. */
export function toErrorResponse(c: Context, locale: Locale, error: unknown): Response {
  if (error instanceof DomainError) {
    const status = statusForCode(error.code);
    return c.json(errorBody(locale, error.code, error.params, error.fields), status as 400);
  }
  if (error instanceof TenantUnavailableError) {
    console.error(error);
    return c.json(errorBody(locale, "company_database_unavailable"), 503);
  }
  console.error(error);
  return c.json(errorBody(locale, "internal"), 500);
}
