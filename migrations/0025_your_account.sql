PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_reviews` (
	`id` text PRIMARY KEY NOT NULL,
	`booking_id` text NOT NULL,
	`seller_id` text,
	`rating` integer NOT NULL,
	`text` text DEFAULT '' NOT NULL,
	`answer` text,
	`answered_at` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`booking_id`) REFERENCES `bookings`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`seller_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "reviews_rating_check" CHECK("__new_reviews"."rating" between 1 and 5)
);
--> statement-breakpoint
INSERT INTO `__new_reviews`("id", "booking_id", "seller_id", "rating", "text", "answer", "answered_at", "created_at") SELECT "id", "booking_id", "seller_id", "rating", "text", "answer", "answered_at", "created_at" FROM `reviews`;--> statement-breakpoint
DROP TABLE `reviews`;--> statement-breakpoint
ALTER TABLE `__new_reviews` RENAME TO `reviews`;--> statement-breakpoint
CREATE UNIQUE INDEX `reviews_booking_unique` ON `reviews` (`booking_id`);--> statement-breakpoint
CREATE INDEX `reviews_seller_idx` ON `reviews` (`seller_id`,`created_at`,`id`);--> statement-breakpoint
CREATE TABLE `__new_conversations` (
	`id` text PRIMARY KEY NOT NULL,
	`product_id` text,
	`buyer_id` text,
	`seller_id` text,
	`last_message_at` text NOT NULL,
	`buyer_read_at` text,
	`seller_read_at` text,
	`buyer_emailed_at` text,
	`seller_emailed_at` text,
	`closed_at` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`buyer_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`seller_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
INSERT INTO `__new_conversations`("id", "product_id", "buyer_id", "seller_id", "last_message_at", "buyer_read_at", "seller_read_at", "buyer_emailed_at", "seller_emailed_at", "closed_at", "created_at") SELECT "id", "product_id", "buyer_id", "seller_id", "last_message_at", "buyer_read_at", "seller_read_at", "buyer_emailed_at", "seller_emailed_at", "closed_at", "created_at" FROM `conversations`;--> statement-breakpoint
DROP TABLE `conversations`;--> statement-breakpoint
ALTER TABLE `__new_conversations` RENAME TO `conversations`;--> statement-breakpoint
CREATE UNIQUE INDEX `conversations_buyer_product_unique` ON `conversations` (`buyer_id`,`product_id`);--> statement-breakpoint
CREATE INDEX `conversations_buyer_idx` ON `conversations` (`buyer_id`,`last_message_at`);--> statement-breakpoint
CREATE INDEX `conversations_seller_idx` ON `conversations` (`seller_id`,`last_message_at`);--> statement-breakpoint
CREATE TABLE `__new_messages` (
	`id` text PRIMARY KEY NOT NULL,
	`conversation_id` text NOT NULL,
	`sender_id` text,
	`text` text NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`conversation_id`) REFERENCES `conversations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`sender_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
INSERT INTO `__new_messages`("id", "conversation_id", "sender_id", "text", "created_at") SELECT "id", "conversation_id", "sender_id", "text", "created_at" FROM `messages`;--> statement-breakpoint
DROP TABLE `messages`;--> statement-breakpoint
ALTER TABLE `__new_messages` RENAME TO `messages`;--> statement-breakpoint
CREATE INDEX `messages_conversation_idx` ON `messages` (`conversation_id`,`created_at`);--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
ALTER TABLE `email_tokens` ADD `new_email` text;--> statement-breakpoint
ALTER TABLE `email_tokens` ADD `sign_out_others` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `sessions` ADD `user_agent` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `sessions` ADD `last_seen_at` text;--> statement-breakpoint
-- Rebuilding reviews dropped its triggers; they come back as migration 0018 left them.
CREATE TRIGGER `reviews_rating_insert` AFTER INSERT ON `reviews` BEGIN
	UPDATE `users` SET `rating_count` = `rating_count` + 1, `rating_total` = `rating_total` + NEW.`rating` WHERE `id` = NEW.`seller_id`;
END;--> statement-breakpoint
CREATE TRIGGER `reviews_rating_delete` AFTER DELETE ON `reviews` BEGIN
	UPDATE `users` SET `rating_count` = `rating_count` - 1, `rating_total` = `rating_total` - OLD.`rating` WHERE `id` = OLD.`seller_id`;
END;
