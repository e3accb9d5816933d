/**
 * The catalogue of error codes: every code a `DomainError` may carry, with the HTTP status it
 * answers and the names of the values its text shows. Each code has a text `error.<code>` in both
 * catalogs (locales/{en,fr}/messages.po); a unit test holds the texts to the declared params.
 */
export const ERROR_CODES = {
  // Generic (platform spec §8)
  generic: { status: 500, params: [] }, // 'An error has occurred'
  internal: { status: 500, params: [] },
  operation_errors: { status: 422, params: [] }, // 'We found some errors during the operation.'
  error_page_failed: { status: 500, params: [] },
  unknown_guard: { status: 500, params: ["name"] }, // 'Unknown middleware {name}'
  camera_load_failed: { status: 400, params: [] },
  camera_unsupported: { status: 400, params: [] },
  not_found: { status: 404, params: [] },
  maintenance: { status: 503, params: [] },
  company_database_unavailable: { status: 503, params: [] },

  // Requests
  validation_failed: { status: 422, params: [] },
  invalid: { status: 400, params: [] },
  invalid_json: { status: 400, params: [] },
  body_not_object: { status: 400, params: [] },
  unsupported_media_type: { status: 415, params: [] },
  form_unreadable: { status: 400, params: [] },
  csrf: { status: 403, params: [] },
  conflict: { status: 409, params: [] },
  idempotency_key_reused: { status: 422, params: [] },
  idempotency_key_invalid: { status: 400, params: [] },
  idempotency_key_in_progress: { status: 409, params: [] },
  idempotency_key_committed: { status: 409, params: [] },
  document_number_taken: { status: 409, params: ["number"] },
  rate_limited: { status: 429, params: [] },
  acknowledgement_required: { status: 422, params: [] },
  in_use: { status: 409, params: [] },

  // Sign-in, sessions and passwords (domain spec §8)
  unauthenticated: { status: 401, params: [] },
  forbidden: { status: 403, params: [] },
  login_required: { status: 400, params: [] }, // 'Email and Password are required to login'
  login_invalid: { status: 401, params: [] }, // 'Email and Password are not valid'
  login_rate_limited: { status: 429, params: ["minutes"] },
  store_host_staff: { status: 403, params: [] },
  store_host_staff_at: { status: 403, params: ["url"] },
  access_frozen: { status: 403, params: [] }, // 'Your access is temporally disabled'
  // A company that may only be read (decision 049): the account's state says why, and what to do.
  account_trial_ended: { status: 402, params: [] },
  account_suspended: { status: 402, params: [] },
  account_paused: { status: 402, params: [] },
  account_cancelled: { status: 402, params: [] },
  // An API token whose creator was disabled or left the company; a token changing its creator's access.
  api_token_creator_inactive: { status: 401, params: [] },
  api_token_creator_access: { status: 403, params: [] },
  refresh_invalid: { status: 400, params: [] },
  refresh_reused: { status: 400, params: [] },
  oauth_invalid_request: { status: 400, params: [] },
  oauth_invalid_client: { status: 401, params: [] },
  password_link_invalid: { status: 400, params: [] },
  password_link_expired: { status: 400, params: [] },
  password_not_updated: { status: 422, params: [] },
  reset_email_failed: { status: 502, params: [] }, // the reset link could not be sent
  invalid_number: { status: 400, params: [] },
  invalid_date: { status: 400, params: [] },
  ambiguous_number: { status: 400, params: [] },
  division_by_zero: { status: 400, params: [] },

  // Users and invitations
  email_taken: { status: 409, params: [] },
  user_already_member: { status: 409, params: [] },
  invitation_not_pending: { status: 409, params: [] },
  invitation_already_pending: { status: 409, params: [] },
  invitation_expired: { status: 410, params: [] },
  invitation_email_failed: { status: 502, params: [] },
  profile_not_editable: { status: 403, params: [] },

  // Settings and catalogue
  location_label_taken: { status: 409, params: [] },
  last_active_location: { status: 409, params: [] },
  price_level_label_taken: { status: 409, params: [] },
  default_price_level: { status: 409, params: [] },
  currency_taken: { status: 409, params: [] },
  default_currency: { status: 409, params: [] },
  tax_label_taken: { status: 409, params: [] },
  payment_method_label_taken: { status: 409, params: [] },
  // Alerts (domain spec §5): 'Alerts are not available to trial accounts.'
  alerts_not_available_in_trial: { status: 403, params: [] },
  attribute_label_taken: { status: 409, params: [] },
  brand_label_taken: { status: 409, params: [] },
  tag_label_taken: { status: 409, params: [] },
  season_label_taken: { status: 409, params: [] },
  saved_view_label_taken: { status: 409, params: [] },
  service_reference_taken: { status: 409, params: [] },
  customer_number_taken: { status: 409, params: [] },
  product_has_stock: { status: 409, params: [] },
  duplicate_sku: { status: 409, params: [] },
  last_variant: { status: 409, params: [] },
  single_variant_only: { status: 409, params: [] },
  too_many_variants: { status: 409, params: [] },

  // Stock and batches (domain spec §8: outdated batch is `batch_expired`, duplicate batch number `duplicate_batch`)
  insufficient_stock: { status: 422, params: ["available"] },
  stock_changed: { status: 409, params: ["current"] },
  duplicate_batch: { status: 409, params: [] },
  unallocated_negative_batch_stock: { status: 422, params: [] },
  // Assembly transforms (domain spec §5): limited by the components or assemblies available.
  not_enough_components: { status: 422, params: ["maximum"] },
  not_enough_assemblies: { status: 422, params: ["maximum"] },

  // Sales and purchasing (domain spec §8)
  status_move_not_allowed: { status: 409, params: [] },
  invoice_number_too_long: { status: 422, params: [] },
  out_of_stock_not_allowed: { status: 422, params: [] },
  minimum_order_amount_not_reached: { status: 422, params: ["value"] },
  // The order would take the customer's open orders past the credit limit (domain spec §5).
  credit_limit_exceeded: { status: 422, params: ["limit"] },
  invoices_not_deletable: { status: 409, params: ["labels"] },
  // A deposit invoice deducted on later invoices is not cancelled before them (decision 043).
  deposit_deducted: { status: 409, params: ["labels"] },
  // A finalised invoice changes only where the company settings allow it (edit_finalized_invoice).
  invoice_finalized: { status: 409, params: [] },
  // A draft invoice is not a document to send: it is finalised first (it then has its number).
  invoice_draft_not_sendable: { status: 409, params: [] },
  // Factur-X (invoices/factur-x.ts): only a finalised invoice of a French company, priced as Factur-X can carry it.
  factur_x_not_available: { status: 409, params: [] },
  // Payments (worker/domain/payments): a sales order completed by hand takes no more (domain spec §4).
  payments_closed_by_order: { status: 409, params: [] },
  too_many_payments: { status: 422, params: ["max"] },
  // A credit note's credit removed already (or never its own): its page says so rather than showing the 404 page.
  credit_not_found: { status: 404, params: [] },
  no_product_found: { status: 422, params: [] },
  // The company's document emails through the platform's mail server, for today (UTC).
  email_quota_exceeded: { status: 429, params: ["limit"] },

  no_product_below_reorder_point: { status: 422, params: [] },
  no_product_for_purchase_order: { status: 422, params: [] },
  no_supplier_selected: { status: 422, params: [] },
  // Reorder (domain spec §5): 'Only products from the same location can be selected for reorder.'
  reorder_same_location: { status: 422, params: [] },
  // A delivery of an order with nothing left to receive, or of an order no longer open.
  nothing_to_receive: { status: 422, params: [] },
  purchase_order_closed: { status: 409, params: [] },

  // The B2B store (platform spec §5, §9)
  cart_full: { status: 422, params: ["max"] },
  cart_empty: { status: 422, params: [] },
  // A line of the cart stopped being sold while the buyer was ordering: the cart shows what is left.
  store_cart_changed: { status: 409, params: [] },
  quick_order_line_invalid: { status: 422, params: ["line"] },
  quick_order_sku_unknown: { status: 422, params: ["line", "sku"] },
  store_closed: { status: 403, params: [] },
  store_ordering_disabled: { status: 403, params: [] },
  store_staff_cannot_order: { status: 403, params: [] },
  store_access_form_closed: { status: 404, params: [] },
  store_access_already_requested: { status: 409, params: [] },
  store_access_rate_limited: { status: 429, params: ["minutes"] },
  store_access_request_decided: { status: 409, params: [] },
  store_address_taken: { status: 409, params: [] },
  store_domain_reserved: { status: 422, params: [] },
  store_domain_not_verified: { status: 422, params: ["name"] },
  store_domain_check_failed: { status: 503, params: ["name"] },
  store_buyer_already_exists: { status: 409, params: [] },

  // Billing (domain spec §8)
  no_credit_card: { status: 422, params: [] },
  billing_information_missing: { status: 422, params: [] },
  card_and_terms_not_confirmed: { status: 422, params: [] },
  renewal_payment_failed: { status: 402, params: [] },
  // Stripe is not configured here, or did not answer as documented: nothing was charged.
  billing_unavailable: { status: 503, params: [] },
  card_declined: { status: 402, params: [] },
  card_admin_only: { status: 403, params: [] },
  unknown_promo_code: { status: 422, params: [] },
  no_active_subscription: { status: 409, params: [] },
  card_setup_not_completed: { status: 422, params: [] },

  // Background operations, imports and exports (platform spec §4, domain spec §5)
  operation_not_running: { status: 409, params: [] },
  operation_not_revertable: { status: 409, params: [] },
  operation_more_errors: { status: 422, params: ["count"] },
  import_file_required: { status: 422, params: [] },
  import_file_type: { status: 415, params: [] },
  import_file_unreadable: { status: 422, params: [] },
  import_file_empty: { status: 422, params: [] },
  import_too_many_rows: { status: 422, params: ["max"] },
  import_too_many_columns: { status: 422, params: ["max"] },
  import_file_too_large: { status: 413, params: ["max_mb"] },
  import_file_unpacked_too_large: { status: 422, params: ["max_mb"] },
  import_file_packed_too_tightly: { status: 422, params: ["ratio"] },
  import_file_encoding: { status: 422, params: [] },
  import_file_expired: { status: 422, params: [] },
  import_revert_kept: { status: 409, params: ["count"] },
  price_update_revert_kept: { status: 409, params: ["count"] },
  // Onboarding's generated test content (decision: the onboarding wizard)
  test_content_exists: { status: 409, params: [] },
  test_content_running: { status: 409, params: [] },
  test_content_not_ready: { status: 409, params: [] },
  test_content_kept: { status: 409, params: ["count"] },
  price_rule_number_taken: { status: 409, params: [] },
  bulk_pdf_missing: { status: 404, params: ["count"] },

  // Integrations (domain spec §8)
  store_already_connected: { status: 409, params: [] },
  shopify_order_payments_only: { status: 422, params: [] },
} as const satisfies Record<string, { status: number; params: readonly string[] }>;

/**
 * Codes that only name a field at fault (inside `validation_failed` and the like). A field may
 * also carry any code above: a conflict names its field with its own code.
 * Domain spec §8's missing password / missing email / passwords that differ are
 * `password_required`, `email_required` and `password_mismatch`.
 */
export const FIELD_ERROR_CODES = {
  required: { params: [] },
  invalid_email: { params: [] },
  too_many_recipients: { params: ["max"] },
  too_long: { params: [] },
  too_small: { params: [] },
  too_large: { params: [] },
  // A line's or a document's amounts multiply past their bound (shared/bounds.ts).
  total_too_large: { params: ["max"] },
  too_many_decimals: { params: ["max"] },
  invalid_country: { params: [] },
  invalid_currency: { params: [] },
  invalid_phone: { params: [] },
  invalid_colour: { params: [] },
  invalid_slug: { params: [] },
  invalid_analytics_id: { params: [] },
  invalid_domain: { params: [] },
  // A server on a loopback, private, link-local or other internal address (a company's SMTP host).
  internal_address: { params: [] },
  unknown_product: { params: [] },
  invalid_url: { params: [] },
  invalid_language: { params: [] },
  invalid_timezone: { params: [] },
  // A French company's identifiers (settings/company-settings/legal-identifiers.ts).
  invalid_siren: { params: [] },
  invalid_siret: { params: [] },
  invalid_vat_number: { params: [] },
  siret_not_of_siren: { params: [] },
  vat_number_not_of_siren: { params: [] },
  single_line: { params: [] },
  control_characters: { params: [] },
  unknown_field: { params: [] },
  module_disabled: { params: [] },
  cannot_change: { params: [] },
  in_use_locked: { params: [] },

  email_required: { params: [] },
  password_required: { params: [] },
  password_too_short: { params: [] },
  password_too_long: { params: [] },
  password_needs_number: { params: [] },
  password_needs_uppercase: { params: [] },
  password_needs_special: { params: [] },
  confirmation_required: { params: [] },
  password_mismatch: { params: [] },
  password_unchanged: { params: [] },
  permission_not_held: { params: [] },
  cannot_change_own_access: { params: [] },
  email_not_editable: { params: [] },
  unknown_permission: { params: [] },
  invitation_not_accepted: { params: [] },

  unknown_list_type: { params: [] },
  import_formula: { params: [] },
  import_cell_too_long: { params: ["max"] },
  import_duplicate_in_file: { params: ["row"] },
  import_unknown_value: { params: ["value"] },
  import_column_required: { params: [] },
  import_column_twice: { params: [] },
  import_product_mismatch: { params: [] },
  import_variants_need_attributes: { params: [] },
  // Update modes of an import: the record a row names by its key (a SKU, a number, an email).
  import_no_match: { params: ["value"] },
  import_ambiguous_value: { params: ["value"] },
  import_key_required: { params: [] },
  import_variant_of_existing: { params: [] },
  unknown_filter: { params: [] },
  invalid_operator: { params: [] },
  invalid_filter_value: { params: [] },
  unknown_sort: { params: [] },
  page_size_invalid: { params: ["max"] },

  unknown_tax: { params: [] },
  unknown_tag: { params: [] },
  duplicate_option: { params: [] },
  unknown_option: { params: [] },
  option_in_use: { params: ["label"] },
  default_currency_rate: { params: [] },
  invalid_symbol_template: { params: [] },
  invalid_tax_group: { params: [] },
  too_many_attributes: { params: [] },
  duplicate_attribute: { params: [] },
  duplicate_variant_options: { params: [] },
  kit_without_components: { params: [] },
  assembly_without_components: { params: [] },
  components_not_allowed: { params: [] },
  component_is_kit: { params: [] },
  component_is_itself: { params: [] },
  component_cycle: { params: [] },
  duplicate_component: { params: [] },
  unknown_variant: { params: [] },
  duplicate_price: { params: [] },
  batch_tracking_irreversible: { params: [] },
  invalid_weight_unit: { params: [] },
  unknown_brand: { params: [] },
  unknown_season: { params: [] },
  unknown_attribute: { params: [] },
  unknown_price_level: { params: [] },
  unknown_currency: { params: [] },
  invalid_image: { params: [] },
  image_too_large: { params: ["max_mb"] },

  unknown_account_manager: { params: [] },
  unknown_address: { params: [] },
  address_not_billing: { params: [] },
  address_not_shipping: { params: [] },
  duplicate_default_address: { params: [] },
  unknown_supplier: { params: [] },

  batch_expired: { params: ["number", "expiration_date"] },
  batch_required: { params: [] },
  duplicate_line: { params: [] },
  not_batch_tracked: { params: [] },
  same_location: { params: [] },
  unknown_batch: { params: [] },
  unknown_batch_number: { params: ["number"] },
  unknown_location: { params: [] },
  unknown_pack: { params: [] },
  untracked_variant: { params: [] },
  not_an_assembly: { params: [] },
  assembly_batch_tracked: { params: [] },
  unknown_customer: { params: [] },
  unknown_service: { params: [] },
  drop_shipping_irreversible: { params: [] },
  unknown_sales_order: { params: [] },
  unknown_line: { params: [] },
  more_than_remaining: { params: ["remaining"] },
  // Invoices (worker/domain/invoices).
  unknown_shipping_order: { params: [] },
  unknown_estimate: { params: [] },
  invoice_number_not_editable: { params: [] },
  more_than_remaining_to_invoice: { params: ["remaining"] },
  nothing_to_invoice: { params: [] },
  deposits_past_order_total: { params: [] },
  // Payments.
  unknown_payment_method: { params: [] },
  more_than_remaining_to_pay: { params: ["remaining"] },
  // Product returns, credit notes, refunds (worker/domain/returns).
  unknown_invoice: { params: [] },
  unknown_product_return: { params: [] },
  unknown_credit_note: { params: [] },
  nothing_to_return: { params: [] },
  nothing_to_credit: { params: [] },
  nothing_to_refund: { params: [] },
  more_than_remaining_to_credit: { params: ["remaining"] },
  other_customer: { params: [] },
  other_currency: { params: [] },
  more_than_refunded: { params: [] },
  // Subscriptions (worker/domain/subscriptions).
  subscription_day_past: { params: ["today"] },
  subscription_already_billed: { params: [] },
  cycle_limit_below_billed: { params: ["billed"] },
  // Purchasing (worker/domain/purchasing): a kit is bought as its components; a line may not fall below what was received.
  kit_not_purchasable: { params: [] },
  below_received: { params: ["received"] },
  unknown_purchase_order: { params: [] },
  // Alerts (worker/domain/settings/alerts): a recipient that is not a user of the company, or the account representative of an event without an order.
  unknown_recipient: { params: [] },
  recipient_needs_order: { params: [] },
} as const satisfies Record<string, { params: readonly string[] }>;

export type ErrorCode = keyof typeof ERROR_CODES;
export type FieldErrorCode = ErrorCode | keyof typeof FIELD_ERROR_CODES;

export function isErrorCode(value: string): value is ErrorCode {
  return Object.hasOwn(ERROR_CODES, value);
}

export function isFieldErrorCode(value: string): value is FieldErrorCode {
  return isErrorCode(value) || Object.hasOwn(FIELD_ERROR_CODES, value);
}

/** The names of the values a code's text shows (`{name}` in its text). */
export function errorParams(code: FieldErrorCode): readonly string[] {
  return isErrorCode(code) ? ERROR_CODES[code].params : FIELD_ERROR_CODES[code].params;
}
