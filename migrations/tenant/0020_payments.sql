CREATE TABLE `payments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`invoice_id` integer NOT NULL,
	`customer_id` integer NOT NULL,
	`amount` integer NOT NULL,
	`date` text NOT NULL,
	`payment_method_id` integer,
	`notes` text,
	`stripe_id` text,
	`user_id` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`invoice_id`) REFERENCES `sales_documents`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`customer_id`) REFERENCES `customers`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`payment_method_id`) REFERENCES `payment_methods`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "payments_amount_positive" CHECK("payments"."amount" > 0)
);
--> statement-breakpoint
CREATE INDEX `payments_invoice_idx` ON `payments` (`invoice_id`,`id`);--> statement-breakpoint
CREATE INDEX `payments_customer_idx` ON `payments` (`customer_id`,`date`,`id`);--> statement-breakpoint
CREATE INDEX `payments_method_idx` ON `payments` (`payment_method_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `payments_stripe_id_unique` ON `payments` (`stripe_id`);--> statement-breakpoint
ALTER TABLE `sales_documents` ADD `public_link` integer DEFAULT true NOT NULL;