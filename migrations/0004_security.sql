CREATE TABLE `outgoing_emails` (
	`id` text PRIMARY KEY NOT NULL,
	`to_address` text NOT NULL,
	`subject` text NOT NULL,
	`text` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` text,
	`sent_at` text,
	`last_error` text,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `outgoing_emails_next_idx` ON `outgoing_emails` (`next_attempt_at`);--> statement-breakpoint
CREATE INDEX `outgoing_emails_to_idx` ON `outgoing_emails` (`to_address`,`created_at`);--> statement-breakpoint
CREATE TABLE `uploads` (
	`key` text PRIMARY KEY NOT NULL,
	`uploader_id` text,
	`content_type` text NOT NULL,
	`size` integer NOT NULL,
	`width` integer NOT NULL,
	`height` integer NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`uploader_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `uploads_uploader_idx` ON `uploads` (`uploader_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `uploads_created_idx` ON `uploads` (`created_at`);--> statement-breakpoint
CREATE TABLE `used_two_factor_tickets` (
	`id` text PRIMARY KEY NOT NULL,
	`expires_at` text NOT NULL
);
--> statement-breakpoint
ALTER TABLE `bookings` ADD `payment_started_at` text;--> statement-breakpoint
ALTER TABLE `refunds` ADD `product_id` text;--> statement-breakpoint
ALTER TABLE `refunds` ADD `reason` text DEFAULT 'sold-to-someone-else' NOT NULL;--> statement-breakpoint
CREATE INDEX `categories_image_idx` ON `categories` (`image`);--> statement-breakpoint
CREATE INDEX `products_image_idx` ON `products` (`image`);