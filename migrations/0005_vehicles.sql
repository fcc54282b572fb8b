CREATE TABLE `direct_uploads` (
	`key` text PRIMARY KEY NOT NULL,
	`uploader_id` text NOT NULL,
	`content_type` text NOT NULL,
	`size` integer NOT NULL,
	`expires_at` text NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`uploader_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `direct_uploads_created_idx` ON `direct_uploads` (`created_at`);--> statement-breakpoint
CREATE TABLE `price_changes` (
	`id` text PRIMARY KEY NOT NULL,
	`product_id` text NOT NULL,
	`price` integer NOT NULL,
	`changed_at` text NOT NULL,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `price_changes_product_idx` ON `price_changes` (`product_id`,`changed_at`);--> statement-breakpoint
CREATE TABLE `product_photos` (
	`product_id` text NOT NULL,
	`position` integer NOT NULL,
	`url` text NOT NULL,
	`small_url` text,
	`width` integer,
	`height` integer,
	PRIMARY KEY(`product_id`, `position`),
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `product_photos_url_idx` ON `product_photos` (`url`);--> statement-breakpoint
CREATE INDEX `product_photos_small_url_idx` ON `product_photos` (`small_url`);--> statement-breakpoint
ALTER TABLE `products` ADD `make` text;--> statement-breakpoint
ALTER TABLE `products` ADD `model` text;--> statement-breakpoint
ALTER TABLE `products` ADD `mileage_km` integer;--> statement-breakpoint
ALTER TABLE `products` ADD `transmission` text;--> statement-breakpoint
ALTER TABLE `products` ADD `fuel` text;--> statement-breakpoint
ALTER TABLE `products` ADD `colour` text;--> statement-breakpoint
ALTER TABLE `products` ADD `vin` text;--> statement-breakpoint
ALTER TABLE `products` ADD `updated_at` text;--> statement-breakpoint
CREATE UNIQUE INDEX `products_vin_unsold_unique` ON `products` (`vin`) WHERE "products"."is_paid" = 0 and "products"."vin" is not null;--> statement-breakpoint
ALTER TABLE `reports` ADD `reason` text DEFAULT 'other' NOT NULL;--> statement-breakpoint
ALTER TABLE `reports` ADD `note` text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Cars listed before v1.1 have one photo (their cover) and one price so far.
INSERT INTO `product_photos` (`product_id`, `position`, `url`, `small_url`, `width`, `height`)
  SELECT `products`.`id`, 0, `products`.`image`, NULL, `uploads`.`width`, `uploads`.`height`
  FROM `products` LEFT JOIN `uploads` ON '/images/' || `uploads`.`key` = `products`.`image`;--> statement-breakpoint
INSERT INTO `price_changes` (`id`, `product_id`, `price`, `changed_at`)
  SELECT lower(hex(randomblob(16))), `id`, `resale_price`, `created_at` FROM `products`;
