-- Written by hand in place of drizzle-kit's table rebuild: rebuilding sales_documents means dropping it,
-- and a migration runs in one transaction where foreign keys stay on, so the drop would delete every
-- document's lines (on delete cascade). Columns are added instead, and `number` becomes nullable by
-- a new column that takes its values and its name; the checks are the new columns' own.
ALTER TABLE `sales_documents` ADD `due_date` text;--> statement-breakpoint
ALTER TABLE `sales_documents` ADD `is_deposit` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `sales_documents` ADD `public_id` text;--> statement-breakpoint
ALTER TABLE `sales_documents` ADD `amount_paid` integer DEFAULT 0 NOT NULL CHECK (`amount_paid` >= 0);--> statement-breakpoint
ALTER TABLE `sales_documents` ADD `remaining_to_pay` integer DEFAULT 0 NOT NULL CHECK (`remaining_to_pay` >= 0);--> statement-breakpoint
ALTER TABLE `sales_documents` ADD `remaining_to_credit` integer DEFAULT 0 NOT NULL CHECK (`remaining_to_credit` >= 0);--> statement-breakpoint
ALTER TABLE `sales_documents` ADD `finalized_at` integer;--> statement-breakpoint
DROP INDEX `sales_documents_number_unique`;--> statement-breakpoint
ALTER TABLE `sales_documents` ADD `number_nullable` text;--> statement-breakpoint
UPDATE `sales_documents` SET `number_nullable` = `number`;--> statement-breakpoint
ALTER TABLE `sales_documents` DROP COLUMN `number`;--> statement-breakpoint
ALTER TABLE `sales_documents` RENAME COLUMN `number_nullable` TO `number`;--> statement-breakpoint
CREATE UNIQUE INDEX `sales_documents_number_unique` ON `sales_documents` (`type`,`number`);--> statement-breakpoint
CREATE UNIQUE INDEX `sales_documents_public_id_unique` ON `sales_documents` (`public_id`);--> statement-breakpoint
CREATE INDEX `sales_documents_due_idx` ON `sales_documents` (`type`,`customer_id`,`due_date`);--> statement-breakpoint
ALTER TABLE `company_settings` ADD `use_invoice_draft` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `company_settings` ADD `invoice_draft_forced` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `company_settings` ADD `invoice_number_edit_access` text DEFAULT 'admins' NOT NULL;--> statement-breakpoint
ALTER TABLE `company_settings` ADD `edit_finalized_invoice` integer DEFAULT false NOT NULL;
