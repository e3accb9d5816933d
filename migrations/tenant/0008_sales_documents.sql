CREATE TABLE `sales_document_lines` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`document_id` integer NOT NULL,
	`position` integer NOT NULL,
	`lid` text NOT NULL,
	`kind` text NOT NULL,
	`component_of_lid` text,
	`variant_id` integer,
	`pack_id` integer,
	`service_id` integer,
	`sku` text,
	`description` text,
	`quantity` integer DEFAULT 0 NOT NULL,
	`units` integer DEFAULT 0 NOT NULL,
	`committed_units` integer DEFAULT 0 NOT NULL,
	`pack_quantity` integer DEFAULT 10000000 NOT NULL,
	`required_quantity` integer,
	`price` integer DEFAULT 0 NOT NULL,
	`cost` integer DEFAULT 0 NOT NULL,
	`discount` integer DEFAULT 0 NOT NULL,
	`discount_type` text DEFAULT 'percentage' NOT NULL,
	`taxes` text DEFAULT '[]' NOT NULL,
	`tax_amount` integer DEFAULT 0 NOT NULL,
	`ecotax` integer DEFAULT 0 NOT NULL,
	`weight` integer DEFAULT 0 NOT NULL,
	`discount_amount` integer DEFAULT 0 NOT NULL,
	`total` integer DEFAULT 0 NOT NULL,
	`total_excl_tax` integer DEFAULT 0 NOT NULL,
	`total_incl_tax` integer DEFAULT 0 NOT NULL,
	`source_line_id` integer,
	FOREIGN KEY (`document_id`) REFERENCES `sales_documents`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`variant_id`) REFERENCES `variants`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`pack_id`) REFERENCES `packs`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`service_id`) REFERENCES `services`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`source_line_id`) REFERENCES `sales_document_lines`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sales_document_lines_lid_unique` ON `sales_document_lines` (`document_id`,`lid`);--> statement-breakpoint
CREATE INDEX `sales_document_lines_document_idx` ON `sales_document_lines` (`document_id`,`position`);--> statement-breakpoint
CREATE INDEX `sales_document_lines_source_idx` ON `sales_document_lines` (`source_line_id`);--> statement-breakpoint
CREATE INDEX `sales_document_lines_variant_idx` ON `sales_document_lines` (`variant_id`);--> statement-breakpoint
CREATE TABLE `sales_documents` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`type` text NOT NULL,
	`number` text NOT NULL,
	`label` text,
	`customer_id` integer NOT NULL,
	`location_id` integer NOT NULL,
	`date` text NOT NULL,
	`expiration_date` text,
	`shipping_date` text,
	`status` text NOT NULL,
	`payment_status` text,
	`shipping_status` text,
	`delivery_type` text DEFAULT 'stock_location' NOT NULL,
	`currency` text NOT NULL,
	`exchange_rate` integer DEFAULT 100000000 NOT NULL,
	`price_level_id` integer,
	`tax_model` text NOT NULL,
	`tax_type` text NOT NULL,
	`tax_priority` text NOT NULL,
	`document_tax_ids` text DEFAULT '[]' NOT NULL,
	`global_discount` integer DEFAULT 0 NOT NULL,
	`global_discount_type` text DEFAULT 'percentage' NOT NULL,
	`shipping_cost` integer DEFAULT 0 NOT NULL,
	`billing_address` text,
	`shipping_address` text,
	`for_the_attention_of` text,
	`external_reference` text,
	`notes` text,
	`internal_notes` text,
	`terms` text,
	`created_from_id` integer,
	`committed` integer DEFAULT false NOT NULL,
	`subtotal` integer DEFAULT 0 NOT NULL,
	`global_discount_amount` integer DEFAULT 0 NOT NULL,
	`shipping_tax_amount` integer DEFAULT 0 NOT NULL,
	`total_excl_tax` integer DEFAULT 0 NOT NULL,
	`tax_total` integer DEFAULT 0 NOT NULL,
	`total` integer DEFAULT 0 NOT NULL,
	`total_units` integer DEFAULT 0 NOT NULL,
	`total_ecotax` integer DEFAULT 0 NOT NULL,
	`total_weight` integer DEFAULT 0 NOT NULL,
	`user_id` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`customer_id`) REFERENCES `customers`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`location_id`) REFERENCES `locations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`price_level_id`) REFERENCES `price_levels`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`created_from_id`) REFERENCES `sales_documents`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "sales_documents_amounts" CHECK("sales_documents"."global_discount" >= 0 and "sales_documents"."shipping_cost" >= 0 and "sales_documents"."exchange_rate" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sales_documents_number_unique` ON `sales_documents` (`type`,`number`);--> statement-breakpoint
CREATE INDEX `sales_documents_type_idx` ON `sales_documents` (`type`,`id`);--> statement-breakpoint
CREATE INDEX `sales_documents_customer_idx` ON `sales_documents` (`customer_id`,`type`,`id`);--> statement-breakpoint
CREATE INDEX `sales_documents_status_idx` ON `sales_documents` (`type`,`status`,`id`);--> statement-breakpoint
CREATE INDEX `sales_documents_created_from_idx` ON `sales_documents` (`created_from_id`);--> statement-breakpoint
CREATE TABLE `sales_line_batches` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`line_id` integer NOT NULL,
	`batch_id` integer NOT NULL,
	`quantity` integer NOT NULL,
	FOREIGN KEY (`line_id`) REFERENCES `sales_document_lines`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`batch_id`) REFERENCES `batches`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "sales_line_batches_positive" CHECK("sales_line_batches"."quantity" > 0)
);
--> statement-breakpoint
CREATE INDEX `sales_line_batches_line_idx` ON `sales_line_batches` (`line_id`);