DROP INDEX `products_unsold_category_idx`;--> statement-breakpoint
DROP INDEX `products_make_idx`;--> statement-breakpoint
DROP INDEX `products_location_idx`;--> statement-breakpoint
DROP INDEX `products_condition_idx`;--> statement-breakpoint
DROP INDEX `products_price_idx`;--> statement-breakpoint
DROP INDEX `products_mileage_idx`;--> statement-breakpoint
DROP INDEX `products_year_idx`;--> statement-breakpoint
CREATE INDEX `products_unsold_category_idx` ON `products` (`is_paid`,`category_id`,`created_at`,`make`,`location`,`condition`,`resale_price`,`purchase_year`,`mileage_km`);--> statement-breakpoint
CREATE INDEX `products_make_idx` ON `products` (`is_paid`,"make" collate nocase,`created_at`,`location`,`condition`,`category_id`,`resale_price`,`purchase_year`,`mileage_km`);--> statement-breakpoint
CREATE INDEX `products_location_idx` ON `products` (`is_paid`,`location`,`created_at`,`make`,`condition`,`category_id`,`resale_price`,`purchase_year`,`mileage_km`);--> statement-breakpoint
CREATE INDEX `products_condition_idx` ON `products` (`is_paid`,`condition`,`created_at`,`make`,`location`,`category_id`,`resale_price`,`purchase_year`,`mileage_km`);--> statement-breakpoint
CREATE INDEX `products_price_idx` ON `products` (`is_paid`,`resale_price`,`make`,`location`,`condition`,`category_id`,`created_at`,`id`,`purchase_year`,`mileage_km`);--> statement-breakpoint
CREATE INDEX `products_mileage_idx` ON `products` (`is_paid`,`mileage_km`,`make`,`location`,`condition`,`category_id`,`created_at`,`id`,`resale_price`,`purchase_year`);--> statement-breakpoint
CREATE INDEX `products_year_idx` ON `products` (`is_paid`,`purchase_year`,`make`,`location`,`condition`,`category_id`,`created_at`,`id`,`resale_price`,`mileage_km`);