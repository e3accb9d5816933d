CREATE TABLE `outbox` (
	`id` text PRIMARY KEY NOT NULL,
	`topic` text NOT NULL,
	`payload` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`dispatched_at` integer,
	`attempts` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `outbox_undispatched_idx` ON `outbox` (`dispatched_at`,`created_at`,`id`);--> statement-breakpoint
CREATE TABLE `processed_messages` (
	`id` text PRIMARY KEY NOT NULL,
	`claimed_at` integer NOT NULL,
	`done_at` integer
);
