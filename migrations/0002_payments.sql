CREATE TABLE `refunds` (
	`id` text PRIMARY KEY NOT NULL,
	`transaction_id` text NOT NULL,
	`booking_id` text,
	`amount` integer NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`booking_id`) REFERENCES `bookings`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `refunds_transaction_unique` ON `refunds` (`transaction_id`);--> statement-breakpoint
CREATE TABLE `simulated_intents` (
	`id` text PRIMARY KEY NOT NULL,
	`client_secret` text NOT NULL,
	`idempotency_key` text NOT NULL,
	`amount` integer NOT NULL,
	`currency` text NOT NULL,
	`metadata` text NOT NULL,
	`status` text NOT NULL,
	`refunded` integer DEFAULT false NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `simulated_intents_idempotency_unique` ON `simulated_intents` (`idempotency_key`);--> statement-breakpoint
CREATE UNIQUE INDEX `simulated_intents_secret_unique` ON `simulated_intents` (`client_secret`);--> statement-breakpoint
CREATE TABLE `stripe_events` (
	`id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
ALTER TABLE `bookings` ADD `payment_intent_id` text;--> statement-breakpoint
ALTER TABLE `bookings` ADD `lost` integer DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX `payments_booking_idx` ON `payments` (`booking_id`);