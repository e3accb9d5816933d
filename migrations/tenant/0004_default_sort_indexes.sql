CREATE INDEX `locations_label_idx` ON `locations` ("label" collate nocase,`id`);--> statement-breakpoint
CREATE INDEX `currencies_label_idx` ON `currencies` ("label" collate nocase,`id`);--> statement-breakpoint
CREATE INDEX `batches_number_idx` ON `batches` (`number`,`id`);