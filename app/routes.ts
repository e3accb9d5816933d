import { index, layout, route, type RouteConfig } from "@react-router/dev/routes";

// The URLs of spec/platform.md §2, grouped by layout.
export default [
  layout("routes/layouts/public.tsx", [
    route("login", "routes/auth/login.tsx"),
    route("maintenance", "routes/maintenance.tsx"),
  ]),
  layout("routes/layouts/storefront-login.tsx", [route("b2b/login", "routes/b2b/login.tsx")]),
  layout("routes/layouts/storefront.tsx", [route("b2b", "routes/b2b/home.tsx")]),
  layout("routes/layouts/back-office.tsx", [
    index("routes/home.tsx"),
    route("dashboard", "routes/dashboard.tsx"),
  ]),
  route("logout", "routes/auth/logout.ts"),
  route("locale", "routes/locale.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
