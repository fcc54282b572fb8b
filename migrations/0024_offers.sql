CREATE TABLE `offers` (
	`id` text PRIMARY KEY NOT NULL,
	`product_id` text NOT NULL,
	`buyer_id` text NOT NULL,
	`seller_id` text,
	`amount` integer NOT NULL,
	`counter_amount` integer,
	`status` text DEFAULT 'open' NOT NULL,
	`message` text DEFAULT '' NOT NULL,
	`expires_at` text NOT NULL,
	`responded_at` text,
	`booking_id` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`buyer_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`seller_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "offers_status_check" CHECK("offers"."status" in ('open', 'countered', 'accepted', 'declined', 'withdrawn', 'expired')),
	CONSTRAINT "offers_amount_check" CHECK("offers"."amount" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `offers_buyer_product_live_unique` ON `offers` (`buyer_id`,`product_id`) WHERE "offers"."status" in ('open', 'countered');--> statement-breakpoint
CREATE INDEX `offers_buyer_idx` ON `offers` (`buyer_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `offers_seller_idx` ON `offers` (`seller_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `offers_product_idx` ON `offers` (`product_id`,`status`);--> statement-breakpoint
CREATE INDEX `offers_expiry_idx` ON `offers` (`status`,`expires_at`);--> statement-breakpoint
ALTER TABLE `bookings` ADD `agreed_price` integer;--> statement-breakpoint
ALTER TABLE `bookings` ADD `agreed_until` text;