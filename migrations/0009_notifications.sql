CREATE TABLE `email_opt_outs` (
	`user_id` text NOT NULL,
	`kind` text NOT NULL,
	`created_at` text NOT NULL,
	PRIMARY KEY(`user_id`, `kind`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `notifications` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`kind` text NOT NULL,
	`text` text NOT NULL,
	`link` text NOT NULL,
	`source_key` text NOT NULL,
	`read_at` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "notifications_kind_check" CHECK("notifications"."kind" IN ('price_drop', 'new_match', 'message', 'booking', 'sold'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `notifications_source_idx` ON `notifications` (`user_id`,`source_key`);--> statement-breakpoint
CREATE INDEX `notifications_user_idx` ON `notifications` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `notifications_unread_idx` ON `notifications` (`user_id`) WHERE "notifications"."read_at" IS NULL;--> statement-breakpoint
ALTER TABLE `outbox` ADD `headers` text;--> statement-breakpoint
ALTER TABLE `outgoing_emails` ADD `headers` text;--> statement-breakpoint
ALTER TABLE `saved_searches` ADD `make` text;--> statement-breakpoint
ALTER TABLE `saved_searches` ADD `category_id` text;--> statement-breakpoint
CREATE INDEX `saved_searches_make_idx` ON `saved_searches` (`make`,`category_id`);