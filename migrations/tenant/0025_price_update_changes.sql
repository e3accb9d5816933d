CREATE TABLE `price_update_changes` (
	`operation_id` integer NOT NULL,
	`price_id` integer NOT NULL,
	`variant_id` integer NOT NULL,
	`old_amount` integer,
	`new_amount` integer NOT NULL,
	PRIMARY KEY(`operation_id`, `variant_id`),
	FOREIGN KEY (`operation_id`) REFERENCES `background_operations`(`id`) ON UPDATE no action ON DELETE cascade
);
