ALTER TABLE `idempotency_keys` ADD `committed_at` integer;--> statement-breakpoint
ALTER TABLE `idempotency_keys` ADD `resource` text;