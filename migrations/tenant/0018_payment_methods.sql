CREATE TABLE `payment_methods` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`label` text NOT NULL,
	`label_key` text NOT NULL,
	`pos` integer DEFAULT false NOT NULL,
	`quickbooks_id` text,
	`active` integer DEFAULT true NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	CONSTRAINT "payment_methods_label_key_not_empty" CHECK(length("payment_methods"."label_key") > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payment_methods_label_key_unique` ON `payment_methods` (`label_key`);--> statement-breakpoint
CREATE INDEX `payment_methods_label_idx` ON `payment_methods` ("label" collate nocase,`id`);--> statement-breakpoint
INSERT INTO `payment_methods` (`label`, `label_key`, `pos`)
SELECT CASE WHEN s.fr THEN m.fr ELSE m.en END, CASE WHEN s.fr THEN m.fr_key ELSE m.en_key END, m.pos
FROM (SELECT coalesce(json_extract(`languages`, '$[0]'), 'en') = 'fr' AS fr FROM `company_settings` WHERE `id` = 1) s
CROSS JOIN (
	SELECT 1 AS n, 'Cash' AS en, 'cash' AS en_key, 'Espèces' AS fr, 'especes' AS fr_key, 1 AS pos
	UNION ALL SELECT 2, 'Bank transfer', 'bank transfer', 'Virement', 'virement', 0
	UNION ALL SELECT 3, 'Card', 'card', 'Carte bancaire', 'carte bancaire', 1
	UNION ALL SELECT 4, 'Cheque', 'cheque', 'Chèque', 'cheque', 0
) m
ORDER BY m.n;
