CREATE TABLE `audit_log` (
	`id` text PRIMARY KEY NOT NULL,
	`actor_id` text,
	`actor_email` text NOT NULL,
	`action` text NOT NULL,
	`target` text NOT NULL,
	`details` text DEFAULT '' NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `audit_log_created_idx` ON `audit_log` (`created_at`);--> statement-breakpoint
DROP INDEX `users_role_name_idx`;--> statement-breakpoint
DROP INDEX `users_role_email_idx`;--> statement-breakpoint
CREATE INDEX `users_role_name_idx` ON `users` (`role`,lower("name"),`id`);--> statement-breakpoint
CREATE INDEX `users_role_email_idx` ON `users` (`role`,`email`,`id`);--> statement-breakpoint
ALTER TABLE `reports` ADD `product_name` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `reports` ADD `seller_name` text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX `reports_product_name_idx` ON `reports` (lower("product_name"),`id`);--> statement-breakpoint
CREATE INDEX `reports_seller_name_idx` ON `reports` (lower("seller_name"),`id`);