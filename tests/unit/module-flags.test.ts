import { describe, expect, it } from "vitest";
import {
  CREATE_MENU,
  hiddenMenuAddresses,
  menuAddresses,
  SIDE_MENU,
  sideMenu,
  visibleMenu,
  withoutHidden,
} from "../../app/components/back-office/menu";
import { apiFlags, moduleAllows, pageFlags } from "../../worker/domain/identity/module-flags";
import { ADMINISTRATOR_PERMISSIONS } from "../../worker/domain/identity/permissions";

const allBut = (...flags: string[]) => ADMINISTRATOR_PERMISSIONS.filter((p) => !flags.includes(p));

describe("module flags", () => {
  it("name the pages and API calls of their module, and nothing else", () => {
    expect(pageFlags("/settings/currencies")).toEqual(["multi_currencies"]);
    expect(pageFlags("/products-and-services/batches/12")).toEqual(["batch_tracking"]);
    expect(pageFlags("/products-and-services/batches-archive")).toEqual([]);
    expect(pageFlags("/products-and-services/products")).toEqual([]);
    expect(apiFlags("GET", "/api/v1/batches/3")).toEqual(["batch_tracking"]);
    expect(apiFlags("GET", "/api/v1/currencies")).toEqual([]);
    expect(apiFlags("PATCH", "/currencies/3")).toEqual(["multi_currencies"]);
  });

  it("hide the menu entries of a module the user lacks, and show them to its holder", () => {
    const moduleEntries = [
      "/products-and-services/batches",
      "/products-and-services/price-rules",
      "/intelligence",
      "/intelligence/sales-reports",
      "/settings/currencies",
    ];
    const full = menuAddresses(visibleMenu(SIDE_MENU, ADMINISTRATOR_PERMISSIONS));
    expect(full).toEqual(expect.arrayContaining(moduleEntries));
    const plain = menuAddresses(visibleMenu(SIDE_MENU, allBut("batch_tracking", "advanced_prices", "intelligence", "multi_currencies")));
    expect(plain.filter((to) => moduleEntries.includes(to))).toEqual([]);
    expect(plain).toEqual(expect.arrayContaining(["/products-and-services/products", "/settings/taxes"]));
  });

  it("make the store's entry a group once the store is open, and leave Settings out for a b2b_portal holder", () => {
    const closed = visibleMenu(sideMenu({ storeOpen: false }), ADMINISTRATOR_PERMISSIONS);
    const single = closed.find((e) => e.label === "menu.b2b_store");
    expect([single?.to, single?.children]).toEqual(["/b2b-store/settings/setup", undefined]);
    const open = visibleMenu(sideMenu({ storeOpen: true }), ADMINISTRATOR_PERMISSIONS);
    expect(menuAddresses(open.filter((e) => e.label === "menu.b2b_store"))).toEqual([
      "/b2b-store",
      "/b2b-store/dashboard",
      "/b2b-store/customers",
      "/b2b-store/settings/setup",
    ]);
    expect(menuAddresses(open)).toContain("/settings/users");
    const portal = visibleMenu(sideMenu({ storeOpen: true, portal: true }), [...ADMINISTRATOR_PERMISSIONS, "b2b_portal"]);
    expect(menuAddresses(portal).filter((to) => to.startsWith("/settings"))).toEqual([]);
  });

  it("give a page the same menus from the addresses it may not see as from the permissions", () => {
    const holders = [
      ADMINISTRATOR_PERMISSIONS,
      allBut("batch_tracking", "advanced_prices", "intelligence", "multi_currencies"),
      allBut("settings", "edit_products", "edit_customers"),
      ["view_customers", "view_sales_orders", "edit_sales_orders"],
      ["view_estimates"],
      [],
    ];
    const menus = [sideMenu({ storeOpen: false }), sideMenu({ storeOpen: true }), sideMenu({ storeOpen: true, portal: true }), CREATE_MENU];
    for (const permissions of holders)
      for (const entries of menus) {
        const hidden = hiddenMenuAddresses(entries, permissions);
        expect(withoutHidden(entries, new Set(hidden))).toEqual(visibleMenu(entries, permissions));
      }
    // A group none of whose entries the user may open is hidden with them.
    expect(hiddenMenuAddresses(SIDE_MENU, ["view_estimates"])).toEqual(expect.arrayContaining(["/contacts", "/contacts/customers"]));
    expect(hiddenMenuAddresses(SIDE_MENU, ADMINISTRATOR_PERMISSIONS)).toEqual([]);
  });

  it("open a field, or one of its values, only to the holder of its module", () => {
    expect(moduleAllows(allBut("assemblies"), "product", "kind", "assembly")).toBe(false);
    expect(moduleAllows(allBut("assemblies"), "product", "kind", "kit")).toBe(true);
    expect(moduleAllows(allBut("assemblies"), "product", "kind")).toBe(true);
    expect(moduleAllows(allBut("account_managers"), "customer", "account_manager_id")).toBe(false);
    expect(moduleAllows(ADMINISTRATOR_PERMISSIONS, "customer", "account_manager_id")).toBe(true);
  });
});
