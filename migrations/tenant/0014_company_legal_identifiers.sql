ALTER TABLE `company_settings` ADD `legal_form` text;--> statement-breakpoint
ALTER TABLE `company_settings` ADD `share_capital` integer;--> statement-breakpoint
ALTER TABLE `company_settings` ADD `siren` text;--> statement-breakpoint
ALTER TABLE `company_settings` ADD `siret` text;--> statement-breakpoint
ALTER TABLE `company_settings` ADD `rcs_city` text;--> statement-breakpoint
ALTER TABLE `company_settings` ADD `vat_number` text;--> statement-breakpoint
ALTER TABLE `company_settings` ADD `default_tax_id` integer;--> statement-breakpoint
ALTER TABLE `customers` ADD `language` text;