ALTER TABLE `sales_documents` ADD `billing_cycle` integer;--> statement-breakpoint
ALTER TABLE `sales_documents` ADD `cycle_limit` integer;--> statement-breakpoint
ALTER TABLE `sales_documents` ADD `first_billing` text;--> statement-breakpoint
ALTER TABLE `sales_documents` ADD `specific_day` text;--> statement-breakpoint
ALTER TABLE `sales_documents` ADD `renewal_date` text;--> statement-breakpoint
ALTER TABLE `sales_documents` ADD `end_date` text;--> statement-breakpoint
ALTER TABLE `sales_documents` ADD `cycles_billed` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `sales_documents` ADD `subscription_cycle` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `sales_documents_subscription_cycle_unique` ON `sales_documents` (`created_from_id`,`subscription_cycle`);--> statement-breakpoint
CREATE INDEX `sales_documents_renewal_idx` ON `sales_documents` (`type`,`status`,`renewal_date`);