CREATE TABLE `disputes` (
	`id` text PRIMARY KEY NOT NULL,
	`payment_id` text NOT NULL,
	`booking_id` text NOT NULL,
	`reason` text NOT NULL,
	`note` text DEFAULT '' NOT NULL,
	`resolution` text,
	`resolved_at` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`payment_id`) REFERENCES `payments`(`id`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
CREATE UNIQUE INDEX `disputes_payment_unique` ON `disputes` (`payment_id`);--> statement-breakpoint
CREATE INDEX `disputes_open_idx` ON `disputes` ("resolution" is null,`created_at`,`id`);--> statement-breakpoint
CREATE TABLE `ledger_entries` (
	`id` text PRIMARY KEY NOT NULL,
	`payment_id` text NOT NULL,
	`booking_id` text,
	`seller_id` text,
	`kind` text NOT NULL,
	`amount` integer NOT NULL,
	`provider_id` text NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`payment_id`) REFERENCES `payments`(`id`) ON UPDATE no action ON DELETE restrict,
	CONSTRAINT "ledger_entries_amount_check" CHECK("ledger_entries"."amount" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `ledger_entries_payment_kind_unique` ON `ledger_entries` (`payment_id`,`kind`);--> statement-breakpoint
CREATE INDEX `ledger_entries_created_idx` ON `ledger_entries` (`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `ledger_entries_seller_idx` ON `ledger_entries` (`seller_id`,`created_at`,`id`);--> statement-breakpoint
CREATE TABLE `payout_accounts` (
	`user_id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`payouts_enabled` integer DEFAULT false NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payout_accounts_account_unique` ON `payout_accounts` (`account_id`);--> statement-breakpoint
CREATE TABLE `simulated_transfers` (
	`id` text PRIMARY KEY NOT NULL,
	`idempotency_key` text NOT NULL,
	`amount` integer NOT NULL,
	`destination` text NOT NULL,
	`transfer_group` text NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `simulated_transfers_idempotency_unique` ON `simulated_transfers` (`idempotency_key`);--> statement-breakpoint
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
	CONSTRAINT "notifications_kind_check" CHECK("__new_notifications"."kind" IN ('price_drop', 'new_match', 'message', 'booking', 'sold', 'sale', 'payout', 'booking_declined'))
);
--> statement-breakpoint
INSERT INTO `__new_notifications`("id", "user_id", "kind", "text", "link", "source_key", "read_at", "emailed_at", "email_pending", "created_at") SELECT "id", "user_id", "kind", "text", "link", "source_key", "read_at", "emailed_at", "email_pending", "created_at" FROM `notifications`;--> statement-breakpoint
DROP TABLE `notifications`;--> statement-breakpoint
ALTER TABLE `__new_notifications` RENAME TO `notifications`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `notifications_source_idx` ON `notifications` (`user_id`,`source_key`);--> statement-breakpoint
CREATE INDEX `notifications_email_pending_idx` ON `notifications` (`created_at`) WHERE "notifications"."email_pending" = 1;--> statement-breakpoint
CREATE INDEX `notifications_user_idx` ON `notifications` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `notifications_unread_idx` ON `notifications` (`user_id`) WHERE "notifications"."read_at" IS NULL;--> statement-breakpoint
DROP INDEX `bookings_buyer_product_unique`;--> statement-breakpoint
ALTER TABLE `bookings` ADD `refunded` integer DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `bookings_buyer_product_unique` ON `bookings` (`buyer_id`,`product_id`) WHERE "bookings"."refunded" = 0;--> statement-breakpoint
DROP INDEX `payments_product_unique`;--> statement-breakpoint
ALTER TABLE `payments` ADD `status` text;--> statement-breakpoint
ALTER TABLE `payments` ADD `fee` integer;--> statement-breakpoint
ALTER TABLE `payments` ADD `seller_amount` integer;--> statement-breakpoint
ALTER TABLE `payments` ADD `seller_id` text REFERENCES users(id) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `payments` ADD `release_at` text;--> statement-breakpoint
ALTER TABLE `payments` ADD `released_at` text;--> statement-breakpoint
ALTER TABLE `payments` ADD `refunded_at` text;--> statement-breakpoint
ALTER TABLE `payments` ADD `transfer_id` text;--> statement-breakpoint
CREATE INDEX `payments_status_release_idx` ON `payments` (`status`,`release_at`);--> statement-breakpoint
CREATE INDEX `payments_seller_status_idx` ON `payments` (`seller_id`,`status`);--> statement-breakpoint
CREATE UNIQUE INDEX `payments_product_unique` ON `payments` (`product_id`) WHERE "payments"."status" is null or "payments"."status" not in ('refunding', 'refunded');