CREATE TABLE `email_templates` (
	`type` text NOT NULL,
	`language` text NOT NULL,
	`subject` text NOT NULL,
	`body` text NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`type`, `language`)
);
--> statement-breakpoint
CREATE TABLE `pdf_settings` (
	`id` integer PRIMARY KEY NOT NULL,
	`settings` text NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	CONSTRAINT "pdf_settings_single_row" CHECK("pdf_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE `sent_emails` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`type` text NOT NULL,
	`document_id` integer,
	`date` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`language` text NOT NULL,
	`email_to` text NOT NULL,
	`email_object` text NOT NULL,
	`email_body` text NOT NULL,
	`email_cc` text,
	`email_bcc` text,
	`pdf_key` text
);
--> statement-breakpoint
CREATE INDEX `sent_emails_document_idx` ON `sent_emails` (`type`,`document_id`,`id`);--> statement-breakpoint
CREATE TABLE `smtp_settings` (
	`id` integer PRIMARY KEY NOT NULL,
	`host` text,
	`port` integer DEFAULT 587 NOT NULL,
	`security` text DEFAULT 'starttls' NOT NULL,
	`username` text,
	`password` text,
	`from_address` text,
	`from_name` text,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	CONSTRAINT "smtp_settings_single_row" CHECK("smtp_settings"."id" = 1)
);
