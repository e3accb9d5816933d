CREATE TABLE `attribute_options` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`attribute_id` integer NOT NULL,
	`label` text NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`attribute_id`) REFERENCES `attributes`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `attribute_options_label_unique` ON `attribute_options` (`attribute_id`,"label" collate nocase);--> statement-breakpoint
CREATE TABLE `attributes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`label` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `attributes_label_unique` ON `attributes` ("label" collate nocase);--> statement-breakpoint
CREATE TABLE `brands` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`label` text NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `brands_label_unique` ON `brands` ("label" collate nocase);--> statement-breakpoint
CREATE TABLE `components` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`parent_variant_id` integer NOT NULL,
	`component_variant_id` integer NOT NULL,
	`quantity` integer NOT NULL,
	FOREIGN KEY (`parent_variant_id`) REFERENCES `variants`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`component_variant_id`) REFERENCES `variants`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "components_quantity_positive" CHECK("components"."quantity" > 0),
	CONSTRAINT "components_not_itself" CHECK("components"."parent_variant_id" <> "components"."component_variant_id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX `components_pair_unique` ON `components` (`parent_variant_id`,`component_variant_id`);--> statement-breakpoint
CREATE INDEX `components_component_idx` ON `components` (`component_variant_id`);--> statement-breakpoint
CREATE TABLE `currencies` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`iso` text NOT NULL,
	`label` text NOT NULL,
	`sign` text NOT NULL,
	`symbol_template` text DEFAULT '{amount} {sign}' NOT NULL,
	`exchange_rate` integer DEFAULT 100000000 NOT NULL,
	`is_default` integer DEFAULT false NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	CONSTRAINT "currencies_rate_positive" CHECK("currencies"."exchange_rate" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `currencies_iso_unique` ON `currencies` (`iso`);--> statement-breakpoint
CREATE UNIQUE INDEX `currencies_single_default` ON `currencies` (`is_default`) WHERE "currencies"."is_default" = 1;--> statement-breakpoint
CREATE TABLE `packs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`variant_id` integer NOT NULL,
	`label` text NOT NULL,
	`quantity` integer NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`variant_id`) REFERENCES `variants`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "packs_quantity_positive" CHECK("packs"."quantity" > 0)
);
--> statement-breakpoint
CREATE INDEX `packs_variant_idx` ON `packs` (`variant_id`);--> statement-breakpoint
CREATE TABLE `price_levels` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`label` text NOT NULL,
	`type` text NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `price_levels_label_unique` ON `price_levels` ("label" collate nocase);--> statement-breakpoint
CREATE TABLE `prices` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`variant_id` integer NOT NULL,
	`pack_id` integer,
	`price_level_id` integer NOT NULL,
	`currency_id` integer NOT NULL,
	`amount` integer NOT NULL,
	FOREIGN KEY (`variant_id`) REFERENCES `variants`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`pack_id`) REFERENCES `packs`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`price_level_id`) REFERENCES `price_levels`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`currency_id`) REFERENCES `currencies`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "prices_amount_non_negative" CHECK("prices"."amount" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `prices_variant_unique` ON `prices` (`variant_id`,`price_level_id`,`currency_id`) WHERE "prices"."pack_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX `prices_pack_unique` ON `prices` (`pack_id`,`price_level_id`,`currency_id`) WHERE "prices"."pack_id" is not null;--> statement-breakpoint
CREATE TABLE `product_attributes` (
	`product_id` integer NOT NULL,
	`attribute_id` integer NOT NULL,
	`position` integer NOT NULL,
	PRIMARY KEY(`product_id`, `attribute_id`),
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`attribute_id`) REFERENCES `attributes`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "product_attributes_max_three" CHECK("product_attributes"."position" between 1 and 3)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `product_attributes_position` ON `product_attributes` (`product_id`,`position`);--> statement-breakpoint
CREATE TABLE `product_tag_links` (
	`product_id` integer NOT NULL,
	`tag_id` integer NOT NULL,
	PRIMARY KEY(`product_id`, `tag_id`),
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`tag_id`) REFERENCES `product_tags`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `product_tag_links_tag_idx` ON `product_tag_links` (`tag_id`);--> statement-breakpoint
CREATE TABLE `product_tags` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`label` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `product_tags_label_unique` ON `product_tags` ("label" collate nocase);--> statement-breakpoint
CREATE TABLE `products` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`label` text NOT NULL,
	`kind` text DEFAULT 'single' NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`description` text,
	`b2b_published` integer DEFAULT false NOT NULL,
	`country_of_origin` text,
	`hs_code` text,
	`accounting_family` text,
	`image_key` text,
	`brand_id` integer,
	`season_id` integer,
	`batch_tracked` integer DEFAULT false NOT NULL,
	`kit_discount_rate` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`brand_id`) REFERENCES `brands`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`season_id`) REFERENCES `seasons`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "products_kit_discount_range" CHECK("products"."kit_discount_rate" between 0 and 1000000)
);
--> statement-breakpoint
CREATE INDEX `products_label_idx` ON `products` ("label" collate nocase,`id`);--> statement-breakpoint
CREATE INDEX `products_brand_idx` ON `products` (`brand_id`);--> statement-breakpoint
CREATE INDEX `products_kind_idx` ON `products` (`kind`);--> statement-breakpoint
CREATE TABLE `saved_views` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`type` text NOT NULL,
	`label` text NOT NULL,
	`search` text NOT NULL,
	`is_default` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `saved_views_user_type_idx` ON `saved_views` (`user_id`,`type`);--> statement-breakpoint
CREATE UNIQUE INDEX `saved_views_single_default` ON `saved_views` (`user_id`,`type`) WHERE "saved_views"."is_default" = 1;--> statement-breakpoint
CREATE TABLE `seasons` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`label` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `seasons_label_unique` ON `seasons` ("label" collate nocase);--> statement-breakpoint
CREATE TABLE `service_tag_links` (
	`service_id` integer NOT NULL,
	`tag_id` integer NOT NULL,
	PRIMARY KEY(`service_id`, `tag_id`),
	FOREIGN KEY (`service_id`) REFERENCES `services`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`tag_id`) REFERENCES `product_tags`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `services` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`reference` text NOT NULL,
	`label` text NOT NULL,
	`description` text,
	`price` integer DEFAULT 0 NOT NULL,
	`tax_charged` integer DEFAULT true NOT NULL,
	`tax_id` integer,
	`deposit` integer DEFAULT false NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`published_to_quickbooks` integer DEFAULT false NOT NULL,
	`published_to_shopify` integer DEFAULT false NOT NULL,
	`published_to_pennylane` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`tax_id`) REFERENCES `taxes`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "services_price_non_negative" CHECK("services"."price" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `services_reference_unique` ON `services` ("reference" collate nocase);--> statement-breakpoint
CREATE INDEX `services_label_idx` ON `services` ("label" collate nocase,`id`);--> statement-breakpoint
CREATE TABLE `tax_group_members` (
	`group_id` integer NOT NULL,
	`tax_id` integer NOT NULL,
	PRIMARY KEY(`group_id`, `tax_id`),
	FOREIGN KEY (`group_id`) REFERENCES `taxes`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`tax_id`) REFERENCES `taxes`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `taxes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`label` text NOT NULL,
	`abbreviation` text NOT NULL,
	`kind` text DEFAULT 'simple' NOT NULL,
	`rate` integer,
	`active` integer DEFAULT true NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	CONSTRAINT "taxes_rate_by_kind" CHECK(("taxes"."kind" = 'simple' and "taxes"."rate" is not null and "taxes"."rate" >= 0) or ("taxes"."kind" = 'group' and "taxes"."rate" is null))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `taxes_label_unique` ON `taxes` ("label" collate nocase);--> statement-breakpoint
CREATE TABLE `variant_taxes` (
	`variant_id` integer NOT NULL,
	`tax_id` integer NOT NULL,
	PRIMARY KEY(`variant_id`, `tax_id`),
	FOREIGN KEY (`variant_id`) REFERENCES `variants`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`tax_id`) REFERENCES `taxes`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `variants` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`product_id` integer NOT NULL,
	`label` text NOT NULL,
	`sku` text NOT NULL,
	`barcode` text,
	`active` integer DEFAULT true NOT NULL,
	`track_inventory` integer DEFAULT true NOT NULL,
	`batch_tracked` integer DEFAULT false NOT NULL,
	`is_kit` integer DEFAULT false NOT NULL,
	`is_assembly` integer DEFAULT false NOT NULL,
	`is_packaging` integer DEFAULT false NOT NULL,
	`option1_id` integer,
	`option2_id` integer,
	`option3_id` integer,
	`supplier_id` integer,
	`supplier_sku` text,
	`supplier_description` text,
	`weight_amount` integer DEFAULT 0 NOT NULL,
	`weight_unit` text DEFAULT 'kg' NOT NULL,
	`ecotax` integer DEFAULT 0 NOT NULL,
	`taxable` integer DEFAULT true NOT NULL,
	`minimum_quantity` integer DEFAULT 0 NOT NULL,
	`default_component_discount` integer DEFAULT 0 NOT NULL,
	`recommended_price` integer,
	`initial_cost` integer DEFAULT 0 NOT NULL,
	`moving_average_cost` integer DEFAULT 0 NOT NULL,
	`b2b_published` integer DEFAULT false NOT NULL,
	`published_to_quickbooks` integer DEFAULT false NOT NULL,
	`published_to_shopify` integer DEFAULT false NOT NULL,
	`published_to_pennylane` integer DEFAULT false NOT NULL,
	`published_to_sellsy` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`option1_id`) REFERENCES `attribute_options`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`option2_id`) REFERENCES `attribute_options`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`option3_id`) REFERENCES `attribute_options`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "variants_non_negative" CHECK("variants"."weight_amount" >= 0 and "variants"."ecotax" >= 0 and "variants"."minimum_quantity" >= 0 and "variants"."initial_cost" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `variants_sku_unique` ON `variants` ("sku" collate nocase);--> statement-breakpoint
CREATE INDEX `variants_label_idx` ON `variants` ("label" collate nocase,`id`);--> statement-breakpoint
CREATE INDEX `variants_product_idx` ON `variants` (`product_id`);--> statement-breakpoint
CREATE INDEX `variants_barcode_idx` ON `variants` (`barcode`);--> statement-breakpoint
ALTER TABLE `company_settings` ADD `tax_model` text DEFAULT 'global' NOT NULL;--> statement-breakpoint
ALTER TABLE `company_settings` ADD `tax_type` text DEFAULT 'tax_exclusive' NOT NULL;--> statement-breakpoint
ALTER TABLE `company_settings` ADD `tax_priority` text DEFAULT 'product' NOT NULL;--> statement-breakpoint
ALTER TABLE `company_settings` ADD `default_selling_price_level_id` integer;--> statement-breakpoint
ALTER TABLE `company_settings` ADD `default_purchasing_price_level_id` integer;--> statement-breakpoint
ALTER TABLE `company_settings` ADD `prevent_negative_inventory` integer DEFAULT false NOT NULL;