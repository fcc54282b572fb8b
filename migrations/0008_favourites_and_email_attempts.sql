CREATE TABLE `email_attempts` (
	`id` text PRIMARY KEY NOT NULL,
	`email_id` text NOT NULL,
	`attempted_at` text NOT NULL,
	`error` text,
	FOREIGN KEY (`email_id`) REFERENCES `outgoing_emails`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `email_attempts_email_idx` ON `email_attempts` (`email_id`,`attempted_at`);--> statement-breakpoint
CREATE TABLE `favourites` (
	`user_id` text NOT NULL,
	`product_id` text NOT NULL,
	`created_at` text NOT NULL,
	PRIMARY KEY(`user_id`, `product_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `favourites_user_idx` ON `favourites` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `favourites_product_idx` ON `favourites` (`product_id`);--> statement-breakpoint
CREATE TABLE `saved_searches` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`query` text NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `saved_searches_user_idx` ON `saved_searches` (`user_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `outgoing_emails` ADD `dead_at` text;--> statement-breakpoint
CREATE INDEX `outgoing_emails_dead_idx` ON `outgoing_emails` (`dead_at`);