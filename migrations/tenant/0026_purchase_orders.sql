CREATE TABLE `purchase_order_lines` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`document_id` integer NOT NULL,
	`position` integer NOT NULL,
	`lid` text NOT NULL,
	`kind` text NOT NULL,
	`variant_id` integer,
	`pack_id` integer,
	`pack_label` text,
	`service_id` integer,
	`sku` text,
	`description` text,
	`quantity` integer DEFAULT 0 NOT NULL,
	`units` integer DEFAULT 0 NOT NULL,
	`stocked` integer DEFAULT false NOT NULL,
	`received_units` integer DEFAULT 0 NOT NULL,
	`pack_quantity` integer DEFAULT 10000000 NOT NULL,
	`price` integer DEFAULT 0 NOT NULL,
	`discount` integer DEFAULT 0 NOT NULL,
	`discount_type` text DEFAULT 'percentage' NOT NULL,
	`discount_amount` integer DEFAULT 0 NOT NULL,
	`taxes` text DEFAULT '[]' NOT NULL,
	`tax_amount` integer DEFAULT 0 NOT NULL,
	`ecotax` integer DEFAULT 0 NOT NULL,
	`weight` integer DEFAULT 0 NOT NULL,
	`total` integer DEFAULT 0 NOT NULL,
	`total_excl_tax` integer DEFAULT 0 NOT NULL,
	`total_incl_tax` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`document_id`) REFERENCES `purchase_orders`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`variant_id`) REFERENCES `variants`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`pack_id`) REFERENCES `packs`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`service_id`) REFERENCES `services`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "purchase_order_lines_received" CHECK("purchase_order_lines"."received_units" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `purchase_order_lines_lid_unique` ON `purchase_order_lines` (`document_id`,`lid`);--> statement-breakpoint
CREATE INDEX `purchase_order_lines_document_idx` ON `purchase_order_lines` (`document_id`,`position`);--> statement-breakpoint
CREATE INDEX `purchase_order_lines_variant_idx` ON `purchase_order_lines` (`variant_id`);--> statement-breakpoint
CREATE TABLE `purchase_orders` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`type` text DEFAULT 'purchase_order' NOT NULL,
	`number` text NOT NULL,
	`label` text,
	`supplier_id` integer NOT NULL,
	`location_id` integer NOT NULL,
	`date` text NOT NULL,
	`expected_date` text,
	`status` text NOT NULL,
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
	`shipping_taxes` text DEFAULT '[]' NOT NULL,
	`billing_address` text,
	`shipping_address` text,
	`supplier_reference` text,
	`notes` text,
	`internal_notes` text,
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
	FOREIGN KEY (`supplier_id`) REFERENCES `suppliers`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`location_id`) REFERENCES `locations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`price_level_id`) REFERENCES `price_levels`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "purchase_orders_amounts" CHECK("purchase_orders"."global_discount" >= 0 and "purchase_orders"."shipping_cost" >= 0 and "purchase_orders"."exchange_rate" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `purchase_orders_number_unique` ON `purchase_orders` (`type`,`number`);--> statement-breakpoint
CREATE INDEX `purchase_orders_status_idx` ON `purchase_orders` (`status`,`id`);--> statement-breakpoint
CREATE INDEX `purchase_orders_supplier_idx` ON `purchase_orders` (`supplier_id`,`id`);--> statement-breakpoint
ALTER TABLE `stock_document_lines` ADD `purchase_order_line_id` integer REFERENCES purchase_order_lines(id);--> statement-breakpoint
CREATE INDEX `stock_document_lines_po_line_idx` ON `stock_document_lines` (`purchase_order_line_id`);--> statement-breakpoint
ALTER TABLE `stock_documents` ADD `purchase_order_id` integer REFERENCES purchase_orders(id);--> statement-breakpoint
ALTER TABLE `stock_documents` ADD `status` text;--> statement-breakpoint
CREATE INDEX `stock_documents_purchase_order_idx` ON `stock_documents` (`purchase_order_id`);