CREATE TABLE `background_operations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`label` text NOT NULL,
	`type` text NOT NULL,
	`status` text DEFAULT 'in_progress' NOT NULL,
	`progress` integer DEFAULT 0 NOT NULL,
	`user_id` text,
	`errors` text DEFAULT '[]' NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	CONSTRAINT "background_operations_progress_range" CHECK("background_operations"."progress" between 0 and 100)
);
--> statement-breakpoint
CREATE INDEX `background_operations_user_idx` ON `background_operations` (`user_id`,`id`);--> statement-breakpoint
CREATE TABLE `company_settings` (
	`id` integer PRIMARY KEY NOT NULL,
	`label` text NOT NULL,
	`country` text NOT NULL,
	`default_currency` text DEFAULT 'USD' NOT NULL,
	`number_format` text DEFAULT 'comma_point' NOT NULL,
	`languages` text DEFAULT '["en"]' NOT NULL,
	`timezone` text DEFAULT 'UTC' NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	CONSTRAINT "company_settings_single_row" CHECK("company_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE `idempotency_keys` (
	`key` text PRIMARY KEY NOT NULL,
	`request_hash` text NOT NULL,
	`response` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `locations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`label` text NOT NULL,
	`type` text DEFAULT 'warehouse' NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`shipping` integer DEFAULT false NOT NULL,
	`shipping_cost` integer DEFAULT 0 NOT NULL,
	`phone` text,
	`address1` text,
	`address2` text,
	`city` text,
	`postal_code` text,
	`province` text,
	`country` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	CONSTRAINT "locations_shipping_cost_non_negative" CHECK("locations"."shipping_cost" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `locations_label_unique` ON `locations` (`label`);--> statement-breakpoint
CREATE TABLE `outbox` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`topic` text NOT NULL,
	`payload` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`sent_at` integer
);
--> statement-breakpoint
CREATE INDEX `outbox_unsent_idx` ON `outbox` (`sent_at`,`id`);