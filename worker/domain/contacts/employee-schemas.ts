import type { z } from "zod";
import { addressFields, optionalShape, strictInput, zFlag, zName, zOptionalEmail, zPhone, zText, type AddressView } from "./shared";

/** An employee as the API and the screens show it (domain spec §3 "Supplier and employee"). */
export interface EmployeeView extends AddressView {
  id: number;
  label: string;
  position: string | null;
  employer: string | null;
  email: string | null;
  phone: string | null;
  active: boolean;
  notes: string | null;
  created_at: number;
  updated_at: number;
}

const fields = {
  label: zName(200),
  position: zText(100),
  employer: zText(200),
  email: zOptionalEmail,
  phone: zPhone,
  active: zFlag,
  notes: zText(5000),
  ...addressFields,
};

export const CreateEmployeeInput = strictInput({ ...optionalShape(fields), label: fields.label, active: fields.active.default(true) });
export type CreateEmployeeInput = z.input<typeof CreateEmployeeInput>;
export const UpdateEmployeeInput = strictInput(optionalShape(fields));
export type UpdateEmployeeInput = z.input<typeof UpdateEmployeeInput>;
export type ParsedEmployee = z.output<typeof UpdateEmployeeInput>;
