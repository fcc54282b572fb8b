CREATE TABLE `money_problems` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`key` text NOT NULL,
	`payment_id` text,
	`booking_id` text,
	`amount` integer DEFAULT 0 NOT NULL,
	`detail` text NOT NULL,
	`created_at` text NOT NULL,
	`resolved_at` text,
	`resolved_by` text,
	`note` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `money_problems_open_unique` ON `money_problems` (`key`) WHERE "money_problems"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX `money_problems_status_idx` ON `money_problems` ("resolved_at" is null,`created_at`,`id`);--> statement-breakpoint
CREATE TABLE `simulated_movements` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`idempotency_key` text NOT NULL,
	`amount` integer NOT NULL,
	`parent_id` text,
	`destination` text,
	`transfer_group` text,
	`metadata` text NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `simulated_movements_idempotency_unique` ON `simulated_movements` (`idempotency_key`);--> statement-breakpoint
CREATE INDEX `simulated_movements_parent_idx` ON `simulated_movements` (`parent_id`);--> statement-breakpoint
CREATE INDEX `simulated_movements_group_idx` ON `simulated_movements` (`transfer_group`);--> statement-breakpoint
CREATE INDEX `simulated_movements_created_idx` ON `simulated_movements` (`created_at`);--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_bookings` (
	`id` text PRIMARY KEY NOT NULL,
	`product_id` text NOT NULL,
	`buyer_id` text,
	`buyer_name` text NOT NULL,
	`buyer_email` text NOT NULL,
	`phone` text NOT NULL,
	`meeting_location` text NOT NULL,
	`paid` integer DEFAULT false NOT NULL,
	`transaction_id` text,
	`payment_intent_id` text,
	`payment_started_at` text,
	`lost` integer DEFAULT false NOT NULL,
	`refunded` integer DEFAULT false NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`buyer_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
INSERT INTO `__new_bookings`("id", "product_id", "buyer_id", "buyer_name", "buyer_email", "phone", "meeting_location", "paid", "transaction_id", "payment_intent_id", "payment_started_at", "lost", "refunded", "created_at") SELECT "id", "product_id", "buyer_id", "buyer_name", "buyer_email", "phone", "meeting_location", "paid", "transaction_id", "payment_intent_id", "payment_started_at", "lost", "refunded", "created_at" FROM `bookings`;--> statement-breakpoint
DROP TABLE `bookings`;--> statement-breakpoint
ALTER TABLE `__new_bookings` RENAME TO `bookings`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `bookings_buyer_product_unique` ON `bookings` (`buyer_id`,`product_id`) WHERE "bookings"."refunded" = 0;--> statement-breakpoint
CREATE INDEX `bookings_buyer_idx` ON `bookings` (`buyer_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `bookings_product_idx` ON `bookings` (`product_id`);--> statement-breakpoint
CREATE TABLE `__new_payments` (
	`id` text PRIMARY KEY NOT NULL,
	`transaction_id` text NOT NULL,
	`booking_id` text,
	`product_id` text,
	`product_name` text DEFAULT '' NOT NULL,
	`buyer_email` text NOT NULL,
	`amount` integer NOT NULL,
	`status` text,
	`fee` integer,
	`seller_amount` integer,
	`seller_id` text,
	`release_at` text,
	`released_at` text,
	`refunded_at` text,
	`refunded_amount` integer DEFAULT 0 NOT NULL,
	`refunded_at_release` integer DEFAULT 0 NOT NULL,
	`transfer_id` text,
	`transfer_attempts` integer DEFAULT 0 NOT NULL,
	`refund_attempts` integer DEFAULT 0 NOT NULL,
	`reversal_attempts` integer DEFAULT 0 NOT NULL,
	`claimed_until` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`booking_id`) REFERENCES `bookings`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`seller_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
INSERT INTO `__new_payments`("id", "transaction_id", "booking_id", "product_id", "product_name", "buyer_email", "amount", "status", "fee", "seller_amount", "seller_id", "release_at", "released_at", "refunded_at", "refunded_amount", "transfer_id", "created_at") SELECT p."id", p."transaction_id", p."booking_id", p."product_id", coalesce((SELECT c."name" FROM `products` c WHERE c."id" = p."product_id"), ''), p."buyer_email", p."amount", p."status", p."fee", p."seller_amount", p."seller_id", p."release_at", p."released_at", p."refunded_at", CASE WHEN p."status" = 'refunded' THEN p."amount" ELSE 0 END, p."transfer_id", p."created_at" FROM `payments` p;--> statement-breakpoint
DROP TABLE `payments`;--> statement-breakpoint
ALTER TABLE `__new_payments` RENAME TO `payments`;--> statement-breakpoint
CREATE UNIQUE INDEX `payments_transaction_unique` ON `payments` (`transaction_id`);--> statement-breakpoint
CREATE INDEX `payments_booking_idx` ON `payments` (`booking_id`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `payments_product_unique` ON `payments` (`product_id`) WHERE "payments"."status" is null or "payments"."status" not in ('refunding', 'refunded');--> statement-breakpoint
CREATE INDEX `payments_status_release_idx` ON `payments` (`status`,`release_at`);--> statement-breakpoint
CREATE INDEX `payments_seller_status_idx` ON `payments` (`seller_id`,`status`);--> statement-breakpoint
CREATE INDEX `payments_created_idx` ON `payments` (`created_at`,`amount`,`status`);--> statement-breakpoint
ALTER TABLE `payments` ADD `refund_reason` text;--> statement-breakpoint
DROP INDEX `disputes_payment_unique`;--> statement-breakpoint
CREATE UNIQUE INDEX `disputes_open_payment_unique` ON `disputes` (`payment_id`) WHERE "disputes"."resolution" is null;--> statement-breakpoint
DROP INDEX `ledger_entries_payment_kind_unique`;--> statement-breakpoint
CREATE UNIQUE INDEX `ledger_entries_once_per_payment` ON `ledger_entries` (`payment_id`,`kind`) WHERE "ledger_entries"."kind" in ('charge', 'fee', 'transfer');--> statement-breakpoint
CREATE UNIQUE INDEX `ledger_entries_provider_unique` ON `ledger_entries` (`kind`,`provider_id`) WHERE "ledger_entries"."kind" in ('refund', 'transfer_reversal');--> statement-breakpoint
CREATE INDEX `ledger_entries_payment_idx` ON `ledger_entries` (`payment_id`,`kind`);--> statement-breakpoint
ALTER TABLE `stripe_events` ADD `claimed_until` text;--> statement-breakpoint
ALTER TABLE `stripe_events` ADD `handled_at` text;--> statement-breakpoint
-- The refunds of payments that bought nothing join the ledger: each becomes a refunded payment with
-- its charge and its refund (the refund's provider id as the simulator makes it, or named after the intent).
INSERT INTO `payments`("id", "transaction_id", "booking_id", "product_id", "product_name", "buyer_email", "amount", "status", "refund_reason", "fee", "seller_amount", "seller_id", "release_at", "refunded_at", "refunded_amount", "created_at") SELECT r."id", r."transaction_id", r."booking_id", r."product_id", coalesce((SELECT c."name" FROM `products` c WHERE c."id" = r."product_id"), ''), coalesce((SELECT b."buyer_email" FROM `bookings` b WHERE b."id" = r."booking_id"), ''), r."amount", 'refunded', r."reason", 0, 0, (SELECT c."seller_id" FROM `products` c WHERE c."id" = r."product_id"), r."created_at", r."created_at", r."amount", r."created_at" FROM `refunds` r WHERE NOT EXISTS (SELECT 1 FROM `payments` p WHERE p."transaction_id" = r."transaction_id");--> statement-breakpoint
INSERT INTO `ledger_entries`("id", "payment_id", "booking_id", "seller_id", "kind", "amount", "provider_id", "created_at") SELECT 'charge-' || p."id", p."id", p."booking_id", p."seller_id", 'charge', p."amount", p."transaction_id", p."created_at" FROM `payments` p JOIN `refunds` r ON r."id" = p."id";--> statement-breakpoint
INSERT INTO `ledger_entries`("id", "payment_id", "booking_id", "seller_id", "kind", "amount", "provider_id", "created_at") SELECT 'refund-' || p."id", p."id", p."booking_id", p."seller_id", 'refund', p."amount", CASE WHEN p."transaction_id" LIKE 'pi\_sim\_%' ESCAPE '\' THEN 're_sim_' || substr(p."transaction_id", 8) ELSE 'refund-of-' || p."transaction_id" END, p."created_at" FROM `payments` p JOIN `refunds` r ON r."id" = p."id";--> statement-breakpoint
-- The simulator's refunds and transfers become its movements.
INSERT INTO `simulated_movements`("id", "kind", "idempotency_key", "amount", "parent_id", "metadata", "created_at") SELECT 're_sim_' || substr("id", 8), 'refund', 'refund-' || "id", "amount", "id", '{}', "created_at" FROM `simulated_intents` WHERE "refunded" = 1;--> statement-breakpoint
INSERT INTO `simulated_movements`("id", "kind", "idempotency_key", "amount", "destination", "transfer_group", "metadata", "created_at") SELECT "id", 'transfer', "idempotency_key", "amount", "destination", "transfer_group", '{}', "created_at" FROM `simulated_transfers`;--> statement-breakpoint
DROP TABLE `refunds`;--> statement-breakpoint
DROP TABLE `simulated_transfers`;--> statement-breakpoint
-- Events handled before claims had leases were handled whole.
UPDATE `stripe_events` SET "handled_at" = "created_at";--> statement-breakpoint
-- A booking with payment history outlives its car (the payment keeps the car's name); the others go with it.
CREATE TRIGGER `bookings_go_with_their_car` AFTER DELETE ON `products` BEGIN
  DELETE FROM `bookings` WHERE "product_id" = old."id" AND NOT EXISTS (SELECT 1 FROM `payments` p WHERE p."booking_id" = `bookings`."id");
END;--> statement-breakpoint
ALTER TABLE `simulated_intents` DROP COLUMN `refunded`;