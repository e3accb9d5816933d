DROP INDEX `store_domains_host_unique`;--> statement-breakpoint
ALTER TABLE `store_domains` ADD `verification_token` text;--> statement-breakpoint
ALTER TABLE `store_domains` ADD `verified_at` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `store_domains_serving_host_unique` ON `store_domains` (`host`) WHERE kind = 'slug' or verified_at is not null;--> statement-breakpoint
CREATE INDEX `store_domains_host_idx` ON `store_domains` (`host`);--> statement-breakpoint
UPDATE `store_domains` SET `verification_token` = lower(hex(randomblob(16))) WHERE `kind` = 'domain';