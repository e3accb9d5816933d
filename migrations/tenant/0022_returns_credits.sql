CREATE TABLE `invoice_credits` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`credit_note_id` integer NOT NULL,
	`invoice_id` integer NOT NULL,
	`amount` integer NOT NULL,
	`date` text NOT NULL,
	`user_id` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`credit_note_id`) REFERENCES `sales_documents`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`invoice_id`) REFERENCES `sales_documents`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "invoice_credits_amount_positive" CHECK("invoice_credits"."amount" > 0)
);
--> statement-breakpoint
CREATE INDEX `invoice_credits_invoice_idx` ON `invoice_credits` (`invoice_id`,`id`);--> statement-breakpoint
CREATE INDEX `invoice_credits_credit_note_idx` ON `invoice_credits` (`credit_note_id`,`id`);--> statement-breakpoint
ALTER TABLE `sales_documents` ADD `amount_credited` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `sales_documents` ADD `add_in_inventory` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `sales_documents` ADD `discrepancy` integer DEFAULT 0 NOT NULL;