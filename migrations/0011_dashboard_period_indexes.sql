CREATE INDEX `payments_created_idx` ON `payments` (`created_at`,`amount`);--> statement-breakpoint
CREATE INDEX `users_created_idx` ON `users` (`created_at`);