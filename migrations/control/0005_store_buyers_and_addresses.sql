ALTER TABLE `invitations` ADD `customer_id` text;--> statement-breakpoint
ALTER TABLE `store_domains` ADD `kind` text DEFAULT 'domain' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `store_domains_company_kind_unique` ON `store_domains` (`company_id`,`kind`);