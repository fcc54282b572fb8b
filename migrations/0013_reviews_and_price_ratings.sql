CREATE TABLE `reviews` (
	`id` text PRIMARY KEY NOT NULL,
	`booking_id` text NOT NULL,
	`seller_id` text NOT NULL,
	`rating` integer NOT NULL,
	`text` text DEFAULT '' NOT NULL,
	`answer` text,
	`answered_at` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`booking_id`) REFERENCES `bookings`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`seller_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "reviews_rating_check" CHECK("reviews"."rating" between 1 and 5)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `reviews_booking_unique` ON `reviews` (`booking_id`);--> statement-breakpoint
CREATE INDEX `reviews_seller_idx` ON `reviews` (`seller_id`,`created_at`,`id`);--> statement-breakpoint
ALTER TABLE `products` ADD `price_rating` text;--> statement-breakpoint
ALTER TABLE `users` ADD `rating_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `rating_total` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- A seller's count and sum of ratings follow their reviews; the cards' seller average changes with
-- them, so a cached search answer must too (catalogue_version, migration 0010).
CREATE TRIGGER `reviews_rating_insert` AFTER INSERT ON `reviews` BEGIN
	UPDATE `users` SET `rating_count` = `rating_count` + 1, `rating_total` = `rating_total` + NEW.`rating` WHERE `id` = NEW.`seller_id`;
	UPDATE `catalogue_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `reviews_rating_delete` AFTER DELETE ON `reviews` BEGIN
	UPDATE `users` SET `rating_count` = `rating_count` - 1, `rating_total` = `rating_total` - OLD.`rating` WHERE `id` = OLD.`seller_id`;
	UPDATE `catalogue_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
