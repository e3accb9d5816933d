CREATE TABLE `platform_mail_days` (
	`day` text PRIMARY KEY NOT NULL,
	`messages` integer DEFAULT 0 NOT NULL,
	CONSTRAINT "platform_mail_days_messages" CHECK("platform_mail_days"."messages" >= 0)
);
--> statement-breakpoint
ALTER TABLE `sent_emails` ADD `transport` text;--> statement-breakpoint
ALTER TABLE `sent_emails` ADD `sender_kind` text;--> statement-breakpoint
ALTER TABLE `sent_emails` ADD `sender_id` text;--> statement-breakpoint
ALTER TABLE `sent_emails` ADD `sender_name` text;