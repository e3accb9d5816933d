DROP INDEX `products_brand_idx`;--> statement-breakpoint
DROP INDEX `products_kind_idx`;--> statement-breakpoint
CREATE INDEX `products_brand_label_idx` ON `products` (`brand_id`,"label" collate nocase,`id`);--> statement-breakpoint
CREATE INDEX `products_kind_label_idx` ON `products` (`kind`,"label" collate nocase,`id`);--> statement-breakpoint
CREATE INDEX `stock_levels_location_on_hand_idx` ON `stock_levels` (`location_id`,`on_hand`,`id`);