CREATE TABLE `store_access_requests` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_name` text NOT NULL,
	`first_name` text NOT NULL,
	`last_name` text NOT NULL,
	`email` text NOT NULL,
	`phone` text,
	`message` text,
	`language` text DEFAULT 'en' NOT NULL,
	`status` text DEFAULT 'requested' NOT NULL,
	`customer_id` integer,
	`decided_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`customer_id`) REFERENCES `customers`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `store_access_requests_status_idx` ON `store_access_requests` (`status`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `store_access_requests_waiting_email_unique` ON `store_access_requests` (`email`) WHERE "store_access_requests"."status" = 'requested';--> statement-breakpoint
CREATE TABLE `store_settings` (
	`id` integer PRIMARY KEY NOT NULL,
	`settings` text NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	CONSTRAINT "store_settings_single_row" CHECK("store_settings"."id" = 1)
);
