CREATE TABLE `invitations` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`company_id` text NOT NULL,
	`email` text NOT NULL,
	`first_name` text NOT NULL,
	`last_name` text NOT NULL,
	`language` text DEFAULT 'en' NOT NULL,
	`timezone` text DEFAULT 'UTC' NOT NULL,
	`phone` text,
	`permissions` text DEFAULT '[]' NOT NULL,
	`user_type` text DEFAULT 'regularUser' NOT NULL,
	`pos_permissions` text DEFAULT '[]' NOT NULL,
	`prevent_negative_inventory` integer DEFAULT false NOT NULL,
	`inviter_name` text NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `invitations_user_company_unique` ON `invitations` (`user_id`,`company_id`);--> statement-breakpoint
CREATE INDEX `invitations_company_idx` ON `invitations` (`company_id`);