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
    // ── products settings: attributes, brands, product tags, seasons ──
    // ── services ──
    // ── products ──
    // ── contacts: customers, suppliers, employees, contacts settings ──
    // ── inventory: stock levels, stock documents, bulk update, logs, batches ──
  ]),
  route("companies/switch", "routes/companies-switch.ts"),
  route("logout", "routes/auth/logout.ts"),
  route("locale", "routes/locale.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
