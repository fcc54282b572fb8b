PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_notifications` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`kind` text NOT NULL,
	`text` text NOT NULL,
	`link` text NOT NULL,
	`source_key` text NOT NULL,
	`read_at` text,
	`emailed_at` text,
	`email_pending` integer DEFAULT false NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "notifications_kind_check" CHECK("__new_notifications"."kind" IN ('price_drop', 'new_match', 'message', 'booking', 'sold', 'sale', 'payout', 'booking_declined', 'dispute_opened', 'dispute_resolved', 'refunded', 'offer', 'offer_answered', 'offer_expired'))
);
--> statement-breakpoint
INSERT INTO `__new_notifications`("id", "user_id", "kind", "text", "link", "source_key", "read_at", "emailed_at", "email_pending", "created_at") SELECT "id", "user_id", "kind", "text", "link", "source_key", "read_at", "emailed_at", "email_pending", "created_at" FROM `notifications`;--> statement-breakpoint
DROP TABLE `notifications`;--> statement-breakpoint
ALTER TABLE `__new_notifications` RENAME TO `notifications`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `notifications_source_idx` ON `notifications` (`user_id`,`source_key`);--> statement-breakpoint
CREATE INDEX `notifications_email_pending_idx` ON `notifications` (`created_at`) WHERE "notifications"."email_pending" = 1;--> statement-breakpoint
CREATE INDEX `notifications_user_idx` ON `notifications` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `notifications_unread_idx` ON `notifications` (`user_id`) WHERE "notifications"."read_at" IS NULL;