CREATE TABLE `bookings` (
	`id` text PRIMARY KEY NOT NULL,
	`product_id` text NOT NULL,
	`buyer_id` text,
	`buyer_name` text NOT NULL,
	`buyer_email` text NOT NULL,
	`phone` text NOT NULL,
	`meeting_location` text NOT NULL,
	`paid` integer DEFAULT false NOT NULL,
	`transaction_id` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`buyer_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `bookings_buyer_product_unique` ON `bookings` (`buyer_id`,`product_id`);--> statement-breakpoint
CREATE INDEX `bookings_buyer_idx` ON `bookings` (`buyer_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `bookings_product_idx` ON `bookings` (`product_id`);--> statement-breakpoint
CREATE TABLE `categories` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`image` text NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `categories_name_unique` ON `categories` (lower("name"));--> statement-breakpoint
CREATE TABLE `payments` (
	`id` text PRIMARY KEY NOT NULL,
	`transaction_id` text NOT NULL,
	`booking_id` text,
	`product_id` text NOT NULL,
	`buyer_email` text NOT NULL,
	`amount` integer NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`booking_id`) REFERENCES `bookings`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payments_transaction_unique` ON `payments` (`transaction_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `payments_product_unique` ON `payments` (`product_id`);--> statement-breakpoint
CREATE TABLE `products` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`original_price` integer NOT NULL,
	`resale_price` integer NOT NULL,
	`location` text NOT NULL,
	`category_id` text NOT NULL,
	`condition` text NOT NULL,
	`mobile` text NOT NULL,
	`description` text NOT NULL,
	`purchase_year` integer NOT NULL,
	`image` text NOT NULL,
	`seller_id` text,
	`seller_name` text NOT NULL,
	`seller_email` text NOT NULL,
	`is_advertised` integer DEFAULT false NOT NULL,
	`is_paid` integer DEFAULT false NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`category_id`) REFERENCES `categories`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`seller_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "products_prices_check" CHECK("products"."original_price" > 0 and "products"."resale_price" > 0)
);
--> statement-breakpoint
CREATE INDEX `products_category_idx` ON `products` (`category_id`,`is_paid`,`created_at`);--> statement-breakpoint
CREATE INDEX `products_advertised_idx` ON `products` (`is_advertised`,`is_paid`,`created_at`);--> statement-breakpoint
CREATE INDEX `products_seller_idx` ON `products` (`seller_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `reports` (
	`id` text PRIMARY KEY NOT NULL,
	`product_id` text NOT NULL,
	`reporter_id` text NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`reporter_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `reports_reporter_product_unique` ON `reports` (`reporter_id`,`product_id`);--> statement-breakpoint
CREATE INDEX `reports_product_idx` ON `reports` (`product_id`);--> statement-breakpoint
CREATE INDEX `reports_created_idx` ON `reports` (`created_at`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`expires_at` text NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sessions_user_idx` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`password_hash` text,
	`role` text DEFAULT 'buyer' NOT NULL,
	`verified` integer DEFAULT false NOT NULL,
	`email_verified` integer DEFAULT false NOT NULL,
	`created_at` text NOT NULL,
	CONSTRAINT "users_role_check" CHECK("users"."role" in ('buyer', 'seller', 'admin'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (lower("email"));--> statement-breakpoint
CREATE INDEX `users_role_name_idx` ON `users` (`role`,lower("name"));--> statement-breakpoint
CREATE INDEX `users_role_email_idx` ON `users` (`role`,`email`);