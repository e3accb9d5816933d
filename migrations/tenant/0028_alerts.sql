CREATE TABLE `alert_level_states` (
	`alert_id` integer NOT NULL,
	`variant_id` integer NOT NULL,
	`location_id` integer NOT NULL,
	`since` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`alert_id`, `variant_id`, `location_id`),
	FOREIGN KEY (`alert_id`) REFERENCES `alerts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`variant_id`) REFERENCES `variants`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`location_id`) REFERENCES `locations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `alerts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`label` text NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`trigger` text NOT NULL,
	`recipient` text NOT NULL,
	`include_pdf` integer DEFAULT false NOT NULL,
	`notify_account_manager` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	CONSTRAINT "alerts_label_not_empty" CHECK(length("alerts"."label") > 0)
);
--> statement-breakpoint
CREATE INDEX `alerts_trigger_active_idx` ON `alerts` (`trigger`,`active`);