CREATE TABLE `price_rule_targets` (
	`rule_id` integer NOT NULL,
	`kind` text NOT NULL,
	`target_id` integer NOT NULL,
	PRIMARY KEY(`rule_id`, `kind`, `target_id`),
	FOREIGN KEY (`rule_id`) REFERENCES `price_rules`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `price_rule_targets_target_idx` ON `price_rule_targets` (`kind`,`target_id`);--> statement-breakpoint
CREATE TABLE `price_rules` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`number` integer NOT NULL,
	`label` text NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`selection` text DEFAULT 'all_products' NOT NULL,
	`price_type` text NOT NULL,
	`base_price_level_id` integer,
	`operator` text,
	`value` integer NOT NULL,
	`rounding` text DEFAULT 'none' NOT NULL,
	`date_from` text,
	`date_to` text,
	`minimum_quantity` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`base_price_level_id`) REFERENCES `price_levels`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "price_rules_value_non_negative" CHECK("price_rules"."value" >= 0),
	CONSTRAINT "price_rules_minimum_non_negative" CHECK("price_rules"."minimum_quantity" >= 0),
	CONSTRAINT "price_rules_calculated_operator" CHECK("price_rules"."price_type" = 'set' or "price_rules"."operator" is not null)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `price_rules_number_unique` ON `price_rules` (`number`);