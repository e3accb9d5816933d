CREATE TABLE `processed_messages` (
	`id` integer PRIMARY KEY NOT NULL,
	`claimed_at` integer NOT NULL,
	`done_at` integer
);
--> statement-breakpoint
ALTER TABLE `outbox` ADD `attempts` integer DEFAULT 0 NOT NULL;