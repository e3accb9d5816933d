ALTER TABLE `company_settings` ADD `logo_key` text;--> statement-breakpoint
ALTER TABLE `company_settings` ADD `email` text;--> statement-breakpoint
ALTER TABLE `company_settings` ADD `phone` text;--> statement-breakpoint
ALTER TABLE `company_settings` ADD `website` text;--> statement-breakpoint
ALTER TABLE `company_settings` ADD `address1` text;--> statement-breakpoint
ALTER TABLE `company_settings` ADD `address2` text;--> statement-breakpoint
ALTER TABLE `company_settings` ADD `city` text;--> statement-breakpoint
ALTER TABLE `company_settings` ADD `postal_code` text;--> statement-breakpoint
ALTER TABLE `company_settings` ADD `province` text;--> statement-breakpoint
ALTER TABLE `company_settings` ADD `payment_terms_type` text DEFAULT 'net' NOT NULL;--> statement-breakpoint
ALTER TABLE `company_settings` ADD `payment_terms_days` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `company_settings` ADD `estimate_expiration_days` integer DEFAULT 30 NOT NULL;