CREATE TABLE `platform_settings` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `session_tokens` (
	`id` text PRIMARY KEY NOT NULL,
	`session_id` text NOT NULL,
	`kind` text NOT NULL,
	`token_hash` text NOT NULL,
	`expires_at` integer NOT NULL,
	`rotated_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`session_id`) REFERENCES `sessions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `session_tokens_token_hash_unique` ON `session_tokens` (`token_hash`);--> statement-breakpoint
CREATE INDEX `session_tokens_session_idx` ON `session_tokens` (`session_id`);--> statement-breakpoint
DROP INDEX `sessions_token_hash_unique`;--> statement-breakpoint
ALTER TABLE `sessions` DROP COLUMN `token_hash`;--> statement-breakpoint
ALTER TABLE `memberships` ADD `active` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `memberships` ADD `user_type` text DEFAULT 'regularUser' NOT NULL;--> statement-breakpoint
ALTER TABLE `memberships` ADD `pos_permissions` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `memberships` ADD `customer_id` text;--> statement-breakpoint
ALTER TABLE `users` ADD `send_to_wizard` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `password_changed_at` integer DEFAULT 0 NOT NULL;