CREATE TABLE `test_content` (
	`table_name` text NOT NULL,
	`record_id` integer NOT NULL,
	PRIMARY KEY(`table_name`, `record_id`)
);
