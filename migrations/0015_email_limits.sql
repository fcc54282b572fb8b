ALTER TABLE `notifications` ADD `emailed_at` text;--> statement-breakpoint
ALTER TABLE `notifications` ADD `email_pending` integer DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX `notifications_email_pending_idx` ON `notifications` (`created_at`) WHERE "notifications"."email_pending" = 1;--> statement-breakpoint
ALTER TABLE `saved_searches` ADD `matches_emailed_at` text;