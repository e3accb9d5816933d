DROP TABLE `background_operations`;
--> statement-breakpoint
CREATE TABLE `background_operations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`batch_id` text NOT NULL,
	`label` text NOT NULL,
	`type` text NOT NULL,
	`status` text DEFAULT 'in_progress' NOT NULL,
	`progress` integer DEFAULT 0 NOT NULL,
	`user_id` text,
	`errors` text DEFAULT '[]' NOT NULL,
	`params` text DEFAULT '{}' NOT NULL,
	`result` text DEFAULT '{}' NOT NULL,
	`file_key` text,
	`file_name` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	CONSTRAINT "background_operations_progress_range" CHECK("background_operations"."progress" between 0 and 100)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `background_operations_batch_unique` ON `background_operations` (`batch_id`);
--> statement-breakpoint
CREATE INDEX `background_operations_user_idx` ON `background_operations` (`user_id`,`id`);
--> statement-breakpoint
CREATE INDEX `background_operations_type_idx` ON `background_operations` (`type`,`id`);
--> statement-breakpoint
CREATE TABLE `import_records` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`operation_id` integer NOT NULL,
	`entity` text NOT NULL,
	`entity_id` integer NOT NULL,
	FOREIGN KEY (`operation_id`) REFERENCES `background_operations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `import_records_operation_idx` ON `import_records` (`operation_id`,`entity`,`entity_id`);
