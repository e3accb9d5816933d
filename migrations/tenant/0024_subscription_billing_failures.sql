ALTER TABLE `sales_documents` ADD `billing_error` text;--> statement-breakpoint
ALTER TABLE `sales_documents` ADD `billing_failed_at` integer;--> statement-breakpoint
ALTER TABLE `sales_documents` ADD `billing_failures` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `sales_documents` ADD `billing_retry_at` integer;