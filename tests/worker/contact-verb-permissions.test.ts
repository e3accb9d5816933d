import { describe, expect, it } from "vitest";
import { createCustomerTag, listCustomerTags } from "../../worker/domain/contacts/contact-tags";
import { createCustomer } from "../../worker/domain/contacts/create-customer";
import { customerFormOptions } from "../../worker/domain/contacts/customer-form-options";
import { createEmployee } from "../../worker/domain/contacts/create-employee";
import { createSupplier } from "../../worker/domain/contacts/create-supplier";
import { deleteCustomer } from "../../worker/domain/contacts/delete-customer";
import { getCustomer } from "../../worker/domain/contacts/get-customer";
import { getEmployee } from "../../worker/domain/contacts/get-employee";
import { listSuppliers } from "../../worker/domain/contacts/list-suppliers";
import { setSupplierActive } from "../../worker/domain/contacts/set-supplier-active";
import { updateCustomer } from "../../worker/domain/contacts/update-customer";
import { createService } from "../../worker/domain/services/create-service";
import { getService } from "../../worker/domain/services/get-service";
import { listServices } from "../../worker/domain/services/list-services";
import { updateService } from "../../worker/domain/services/update-service";
import { DELETE_ASKS } from "../../worker/domain/shared/acknowledgements";
import { ctxOf, makeCompany } from "../support/factories";

const forbidden = { code: "forbidden" };

// Whoever calls a verb (page, API, script, queue), the verb itself refuses what the actor may not do.
describe("contact and service verbs called directly", () => {
  it("refuse to change a customer for someone who may only view customers, and leave it as it was", async () => {
    const company = await makeCompany();
    const admin = await ctxOf(company);
    const viewer = await ctxOf(company, { permissions: ["view_customers"] });
    const customer = await createCustomer(admin, { label: "Épicerie des Halles" });

    await expect(createCustomer(viewer, { label: "Sneaked in" })).rejects.toMatchObject(forbidden);
    await expect(updateCustomer(viewer, { id: customer.id, label: "Renamed" })).rejects.toMatchObject(forbidden);
    await expect(deleteCustomer(viewer, { id: customer.id, acknowledged: DELETE_ASKS.customer })).rejects.toMatchObject(forbidden);

    expect(await getCustomer(viewer, { id: customer.id })).toMatchObject({ label: "Épicerie des Halles" });
  });

  it("refuse to show suppliers, employees or services to someone who may neither view nor edit them", async () => {
    const company = await makeCompany();
    const admin = await ctxOf(company);
    const employee = await createEmployee(admin, { label: "Julien Moreau" });
    const nobody = await ctxOf(company, { permissions: ["view_customers"] });

    await expect(listSuppliers(nobody, {})).rejects.toMatchObject(forbidden);
    await expect(getEmployee(nobody, { id: employee.id })).rejects.toMatchObject(forbidden);
    await expect(listServices(nobody, {})).rejects.toMatchObject(forbidden);
    await expect(getCustomer(await ctxOf(company, { permissions: ["view_suppliers"] }), { id: 1 })).rejects.toMatchObject(forbidden);
  });

  it("let someone who may edit customers or services, but not view them, read what their edit pages show", async () => {
    const company = await makeCompany();
    const admin = await ctxOf(company);
    const customer = await createCustomer(admin, { label: "Concept Store Mistral" });
    const service = await createService(admin, { reference: "SETUP", label: "Setup" });
    await createCustomerTag(admin, { label: "VIP" });
    const editor = await ctxOf(company, { permissions: ["edit_customers", "edit_services"] });

    expect(await getCustomer(editor, { id: customer.id })).toMatchObject({ label: "Concept Store Mistral" });
    expect((await customerFormOptions(editor, { current: customer })).tags.map((t) => t.label)).toEqual(["VIP"]);
    expect((await listCustomerTags(editor, {})).items.map((t) => t.label)).toEqual(["VIP"]);
    expect(await getService(editor, { id: service.id })).toMatchObject({ reference: "SETUP" });
  });

  it("let a viewer of customers read their tags but not add one", async () => {
    const company = await makeCompany();
    const viewer = await ctxOf(company, { permissions: ["view_customers"] });
    await createCustomerTag(await ctxOf(company), { label: "VIP" });

    expect((await listCustomerTags(viewer, {})).items.map((t) => t.label)).toEqual(["VIP"]);
    await expect(createCustomerTag(viewer, { label: "Export" })).rejects.toMatchObject(forbidden);
  });

  it("let through whoever holds the edit permission of the record, and no one else", async () => {
    const company = await makeCompany();
    const suppliersEditor = await ctxOf(company, { permissions: ["view_suppliers", "edit_suppliers"] });
    const servicesEditor = await ctxOf(company, { permissions: ["view_services", "edit_services"] });
    const supplier = await createSupplier(suppliersEditor, { name: "Filatures du Nord" });
    const service = await createService(servicesEditor, { reference: "AUDIT", label: "Audit", price: "90" });

    expect(await setSupplierActive(suppliersEditor, { id: supplier.id, active: false })).toMatchObject({ active: false });
    expect(await updateService(servicesEditor, { id: service.id, price: "120" })).toMatchObject({ price: "120.0000" });
    await expect(setSupplierActive(servicesEditor, { id: supplier.id, active: true })).rejects.toMatchObject(forbidden);
    await expect(updateService(suppliersEditor, { id: service.id, price: "1" })).rejects.toMatchObject(forbidden);
  });
});
