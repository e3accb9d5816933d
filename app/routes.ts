import { index, layout, route, type RouteConfig } from "@react-router/dev/routes";

// The URLs of spec/platform.md §2, grouped by layout.
export default [
  layout("routes/layouts/public.tsx", [
    route("login", "routes/auth/login.tsx"),
    route("signup", "routes/auth/signup.tsx"),
    route("password-reset", "routes/auth/password-reset-request.tsx"),
    route("password-reset/:uid/:timestamp/:hash", "routes/auth/password-reset-confirm.tsx"),
    route("maintenance", "routes/maintenance.tsx"),
    route("setup", "routes/setup.tsx"),
  ]),
  layout("routes/layouts/storefront-login.tsx", [route("b2b/login", "routes/b2b/login.tsx")]),
  layout("routes/layouts/storefront.tsx", [route("b2b", "routes/b2b/home.tsx")]),
  layout("routes/layouts/back-office.tsx", [
    index("routes/home.tsx"),
    route("dashboard", "routes/dashboard.tsx"),
    route("account-settings", "routes/account-settings.tsx"),
    route("settings/users", "routes/settings/users/list.tsx"),
    route("settings/users/create", "routes/settings/users/create.tsx"),
    route("settings/users/:id", "routes/settings/users/detail.tsx"),
    route("settings/users/:id/edit", "routes/settings/users/edit.tsx"),
    route("settings/api-token", "routes/settings/api-token.tsx"),
    // ── catalogue settings: locations, price levels, currencies, taxes ──
    route("settings/locations", "routes/settings/locations.tsx"),
    route("settings/price-levels", "routes/settings/price-levels.tsx"),
    route("settings/currencies", "routes/settings/currencies.tsx"),
    route("settings/taxes", "routes/settings/taxes.tsx"),
    // ── products settings: attributes, brands, product tags, seasons ──
    route("products-and-services/products-settings", "routes/products-settings/index.ts"),
    route("products-and-services/products-settings/attributes", "routes/products-settings/attributes.tsx"),
    route("products-and-services/products-settings/brands", "routes/products-settings/brands.tsx"),
    route("products-and-services/products-settings/product-tags", "routes/products-settings/product-tags.tsx"),
    route("products-and-services/products-settings/seasons", "routes/products-settings/seasons.tsx"),
    // ── services ──
    route("products-and-services/services", "routes/services/list.tsx"),
    route("products-and-services/services/create", "routes/services/create.tsx"),
    route("products-and-services/services/:id", "routes/services/detail.tsx"),
    route("products-and-services/services/:id/edit", "routes/services/edit.tsx"),
    // ── products ──
    // ── contacts: customers, suppliers, employees, contacts settings ──
    route("contacts/customers", "routes/contacts/customers/list.tsx"),
    route("contacts/customers/create", "routes/contacts/customers/create.tsx"),
    route("contacts/customers/:id", "routes/contacts/customers/detail.tsx"),
    route("contacts/customers/:id/edit", "routes/contacts/customers/edit.tsx"),
    route("contacts/suppliers", "routes/contacts/suppliers/list.tsx"),
    route("contacts/suppliers/create", "routes/contacts/suppliers/create.tsx"),
    route("contacts/suppliers/:id", "routes/contacts/suppliers/detail.tsx"),
    route("contacts/suppliers/:id/edit", "routes/contacts/suppliers/edit.tsx"),
    route("contacts/employees", "routes/contacts/employees/list.tsx"),
    route("contacts/employees/create", "routes/contacts/employees/create.tsx"),
    route("contacts/employees/:id", "routes/contacts/employees/detail.tsx"),
    route("contacts/employees/:id/edit", "routes/contacts/employees/edit.tsx"),
    route("contacts/contacts-settings/customer-tags", "routes/contacts/contacts-settings/customer-tags.tsx"),
    route("contacts/contacts-settings/supplier-tags", "routes/contacts/contacts-settings/supplier-tags.tsx"),
    // ── inventory: stock levels, stock documents, bulk update, logs, batches ──
  ]),
  route("companies/switch", "routes/companies-switch.ts"),
  route("logout", "routes/auth/logout.ts"),
  route("locale", "routes/locale.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
