CREATE TABLE `document_sequences` (
	`document_type` text NOT NULL,
	`location_id` integer DEFAULT 0 NOT NULL,
	`next_value` integer DEFAULT 1 NOT NULL,
	PRIMARY KEY(`document_type`, `location_id`),
	CONSTRAINT "document_sequences_next_positive" CHECK("document_sequences"."next_value" >= 1)
);
--> statement-breakpoint
DROP TABLE `idempotency_keys`;--> statement-breakpoint
CREATE TABLE `idempotency_keys` (
	`scope` text NOT NULL,
	`key` text NOT NULL,
	`request_hash` text NOT NULL,
	`status` integer,
	`content_type` text,
	`body` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`scope`, `key`)
);
--> statement-breakpoint
CREATE INDEX `idempotency_keys_created_idx` ON `idempotency_keys` (`created_at`);--> statement-breakpoint
ALTER TABLE `company_settings` ADD `document_numbering` text DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE `company_settings` ADD `separate_numbering_per_location` integer DEFAULT false NOT NULL;--> statement-breakpoint
INSERT INTO `document_sequences` (`document_type`, `location_id`, `next_value`)
SELECT k.type, 0, 1 + coalesce((
	SELECT cast(substr(d.number, 5) AS integer) AS n FROM `stock_documents` d
	WHERE d.type = k.type AND d.number GLOB k.prefix || '-[0-9]*' AND substr(d.number, 5) NOT GLOB '*[^0-9]*' AND length(d.number) <= 19
	ORDER BY n DESC LIMIT 1
), 0)
FROM (SELECT 'entry' AS type, 'ENT' AS prefix UNION ALL SELECT 'removal', 'SOR' UNION ALL SELECT 'movement', 'MOV' UNION ALL SELECT 'bulk_update', 'CNT') k
UNION ALL
SELECT 'customer', 0, 1 + coalesce((SELECT c.number FROM `customers` c ORDER BY c.number DESC LIMIT 1), 0);
