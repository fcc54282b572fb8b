CREATE TABLE `flags` (
	`id` text PRIMARY KEY NOT NULL,
	`product_id` text NOT NULL,
	`reason` text NOT NULL,
	`details` text NOT NULL,
	`cleared_at` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `flags_product_reason_unique` ON `flags` (`product_id`,`reason`);--> statement-breakpoint
CREATE INDEX `flags_open_idx` ON `flags` (`created_at`) WHERE "flags"."cleared_at" is null;--> statement-breakpoint
ALTER TABLE `conversations` ADD `closed_at` text;--> statement-breakpoint
CREATE INDEX `products_vin_idx` ON `products` (`vin`,`created_at`);