CREATE TABLE `customer_addresses` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`customer_id` integer NOT NULL,
	`label` text,
	`phone` text,
	`type` text DEFAULT 'both' NOT NULL,
	`default_billing` integer DEFAULT false NOT NULL,
	`default_shipping` integer DEFAULT false NOT NULL,
	`address1` text,
	`address2` text,
	`city` text,
	`postal_code` text,
	`province` text,
	`dependent_locality` text,
	`country` text,
	FOREIGN KEY (`customer_id`) REFERENCES `customers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `customer_addresses_customer_idx` ON `customer_addresses` (`customer_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `customer_addresses_one_default_billing` ON `customer_addresses` (`customer_id`) WHERE "customer_addresses"."default_billing" = 1;--> statement-breakpoint
CREATE UNIQUE INDEX `customer_addresses_one_default_shipping` ON `customer_addresses` (`customer_id`) WHERE "customer_addresses"."default_shipping" = 1;--> statement-breakpoint
CREATE TABLE `customer_tag_links` (
	`customer_id` integer NOT NULL,
	`tag_id` integer NOT NULL,
	PRIMARY KEY(`customer_id`, `tag_id`),
	FOREIGN KEY (`customer_id`) REFERENCES `customers`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`tag_id`) REFERENCES `customer_tags`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `customer_tag_links_tag_idx` ON `customer_tag_links` (`tag_id`);--> statement-breakpoint
CREATE TABLE `customer_tags` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`label` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `customer_tags_label_unique` ON `customer_tags` ("label" collate nocase);--> statement-breakpoint
CREATE TABLE `customers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`number` integer NOT NULL,
	`label` text NOT NULL,
	`emails` text DEFAULT '[]' NOT NULL,
	`phone` text,
	`active` integer DEFAULT true NOT NULL,
	`tax_number` text,
	`discount_rate` integer DEFAULT 0 NOT NULL,
	`location_name` text,
	`location_phone` text,
	`status` text,
	`payment_terms_type` text DEFAULT 'net' NOT NULL,
	`payment_terms_days` integer DEFAULT 0 NOT NULL,
	`notes` text,
	`credit_limit` integer,
	`current_balance` integer DEFAULT 0 NOT NULL,
	`minimum_order_amount` integer,
	`minimum_order_quantity` integer,
	`private_message` text,
	`tax_type` text,
	`price_level_id` integer,
	`currency_id` integer,
	`account_manager_id` text,
	`b2b_access` text DEFAULT 'none' NOT NULL,
	`b2b_user_last_access` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`price_level_id`) REFERENCES `price_levels`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`currency_id`) REFERENCES `currencies`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "customers_amounts_non_negative" CHECK(coalesce("customers"."credit_limit", 0) >= 0 and coalesce("customers"."minimum_order_amount", 0) >= 0 and "customers"."discount_rate" between 0 and 1000000 and "customers"."payment_terms_days" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `customers_number_unique` ON `customers` (`number`);--> statement-breakpoint
CREATE INDEX `customers_label_idx` ON `customers` ("label" collate nocase,`id`);--> statement-breakpoint
CREATE TABLE `employees` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`label` text NOT NULL,
	`position` text,
	`employer` text,
	`email` text,
	`phone` text,
	`active` integer DEFAULT true NOT NULL,
	`notes` text,
	`address1` text,
	`address2` text,
	`city` text,
	`postal_code` text,
	`province` text,
	`country` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `employees_label_idx` ON `employees` ("label" collate nocase,`id`);--> statement-breakpoint
CREATE TABLE `supplier_tag_links` (
	`supplier_id` integer NOT NULL,
	`tag_id` integer NOT NULL,
	PRIMARY KEY(`supplier_id`, `tag_id`),
	FOREIGN KEY (`supplier_id`) REFERENCES `suppliers`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`tag_id`) REFERENCES `supplier_tags`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `supplier_tags` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`label` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `supplier_tags_label_unique` ON `supplier_tags` ("label" collate nocase);--> statement-breakpoint
CREATE TABLE `suppliers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`email` text,
	`phone` text,
	`website` text,
	`social_links` text DEFAULT '{}' NOT NULL,
	`notes` text,
	`active` integer DEFAULT true NOT NULL,
	`default_currency_id` integer,
	`default_price_level_id` integer,
	`default_payment_terms_days` integer,
	`default_lead_time_days` integer,
	`address1` text,
	`address2` text,
	`city` text,
	`postal_code` text,
	`province` text,
	`country` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`default_currency_id`) REFERENCES `currencies`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`default_price_level_id`) REFERENCES `price_levels`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `suppliers_name_idx` ON `suppliers` ("name" collate nocase,`id`);--> statement-breakpoint
CREATE TABLE `batch_stock` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`batch_id` integer NOT NULL,
	`location_id` integer NOT NULL,
	`quantity` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`batch_id`) REFERENCES `batches`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`location_id`) REFERENCES `locations`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `batch_stock_batch_location_unique` ON `batch_stock` (`batch_id`,`location_id`);--> statement-breakpoint
CREATE TABLE `batches` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`variant_id` integer NOT NULL,
	`number` text NOT NULL,
	`barcode` text,
	`expiration_date` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`variant_id`) REFERENCES `variants`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `batches_variant_number_unique` ON `batches` (`variant_id`,`number`);--> statement-breakpoint
CREATE TABLE `inventory_logs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`variant_id` integer NOT NULL,
	`location_id` integer NOT NULL,
	`batch_id` integer,
	`quantity_before` integer NOT NULL,
	`quantity_after` integer NOT NULL,
	`change` integer NOT NULL,
	`document_type` text,
	`document_id` integer,
	`user_id` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`variant_id`) REFERENCES `variants`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`location_id`) REFERENCES `locations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`batch_id`) REFERENCES `batches`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "inventory_logs_consistent" CHECK("inventory_logs"."quantity_after" - "inventory_logs"."quantity_before" = "inventory_logs"."change")
);
--> statement-breakpoint
CREATE INDEX `inventory_logs_level_idx` ON `inventory_logs` (`variant_id`,`location_id`,`id`);--> statement-breakpoint
CREATE INDEX `inventory_logs_document_idx` ON `inventory_logs` (`document_type`,`document_id`);--> statement-breakpoint
CREATE TABLE `stock_document_lines` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`document_id` integer NOT NULL,
	`variant_id` integer NOT NULL,
	`pack_id` integer,
	`batch_id` integer,
	`quantity` integer NOT NULL,
	`unit_cost` integer,
	FOREIGN KEY (`document_id`) REFERENCES `stock_documents`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`variant_id`) REFERENCES `variants`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`pack_id`) REFERENCES `packs`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`batch_id`) REFERENCES `batches`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `stock_document_lines_document_idx` ON `stock_document_lines` (`document_id`);--> statement-breakpoint
CREATE TABLE `stock_documents` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`type` text NOT NULL,
	`number` text NOT NULL,
	`location_id` integer NOT NULL,
	`arrival_location_id` integer,
	`date` text NOT NULL,
	`notes` text,
	`user_id` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`location_id`) REFERENCES `locations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`arrival_location_id`) REFERENCES `locations`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "stock_documents_movement_locations" CHECK(("stock_documents"."type" = 'movement') = ("stock_documents"."arrival_location_id" is not null) and coalesce("stock_documents"."arrival_location_id", -1) <> "stock_documents"."location_id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX `stock_documents_number_unique` ON `stock_documents` (`type`,`number`);--> statement-breakpoint
CREATE INDEX `stock_documents_type_idx` ON `stock_documents` (`type`,`id`);--> statement-breakpoint
CREATE TABLE `stock_levels` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`variant_id` integer NOT NULL,
	`location_id` integer NOT NULL,
	`on_hand` integer DEFAULT 0 NOT NULL,
	`reserved` integer DEFAULT 0 NOT NULL,
	`incoming` integer DEFAULT 0 NOT NULL,
	`committed` integer DEFAULT 0 NOT NULL,
	`purchased` integer DEFAULT 0 NOT NULL,
	`reorder_point` integer DEFAULT 0 NOT NULL,
	`bin_location` text,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`variant_id`) REFERENCES `variants`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`location_id`) REFERENCES `locations`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "stock_levels_non_negative_counters" CHECK("stock_levels"."reserved" >= 0 and "stock_levels"."incoming" >= 0 and "stock_levels"."committed" >= 0 and "stock_levels"."reorder_point" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `stock_levels_variant_location_unique` ON `stock_levels` (`variant_id`,`location_id`);--> statement-breakpoint
CREATE INDEX `stock_levels_location_idx` ON `stock_levels` (`location_id`,`variant_id`);