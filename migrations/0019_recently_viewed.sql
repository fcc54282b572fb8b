CREATE TABLE `recently_viewed` (
	`user_id` text NOT NULL,
	`product_id` text NOT NULL,
	`viewed_at` text NOT NULL,
	PRIMARY KEY(`user_id`, `product_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `recently_viewed_user_idx` ON `recently_viewed` (`user_id`,`viewed_at`);