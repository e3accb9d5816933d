CREATE TABLE `company_billing` (
	`company_id` text PRIMARY KEY NOT NULL,
	`plan` text,
	`period` text,
	`currency` text,
	`b2b_addon` integer DEFAULT false NOT NULL,
	`billing_name` text,
	`billing_email` text,
	`billing_address1` text,
	`billing_address2` text,
	`billing_city` text,
	`billing_postal_code` text,
	`billing_country` text,
	`billing_vat_number` text,
	`promo_code` text,
	`stripe_customer_id` text,
	`stripe_subscription_id` text,
	`stripe_payment_method_id` text,
	`card_brand` text,
	`card_last4` text,
	`card_exp_month` integer,
	`card_exp_year` integer,
	`current_period_end` integer,
	`cancel_at_period_end` integer DEFAULT false NOT NULL,
	`cancel_reason` text,
	`cancel_comment` text,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `stripe_events` (
	`id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`company_id` text,
	`received_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `companies` ADD `access_ends_at` integer;--> statement-breakpoint
ALTER TABLE `companies` ADD `onboarding_step` text DEFAULT 'welcome' NOT NULL;