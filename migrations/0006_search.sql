DROP INDEX `products_category_idx`;--> statement-breakpoint
CREATE INDEX `products_unsold_category_idx` ON `products` (`is_paid`,`category_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `products_seller_unsold_idx` ON `products` (`seller_id`,`is_paid`,`created_at`);--> statement-breakpoint
CREATE INDEX `products_unsold_newest_idx` ON `products` (`is_paid`,`created_at`);--> statement-breakpoint
CREATE INDEX `products_make_idx` ON `products` (`is_paid`,"make" collate nocase,`created_at`);--> statement-breakpoint
CREATE INDEX `products_make_model_idx` ON `products` (`is_paid`,"make" collate nocase,"model" collate nocase,`created_at`);--> statement-breakpoint
CREATE INDEX `products_location_idx` ON `products` (`is_paid`,`location`,`created_at`);--> statement-breakpoint
CREATE INDEX `products_condition_idx` ON `products` (`is_paid`,`condition`,`created_at`);--> statement-breakpoint
CREATE INDEX `products_price_idx` ON `products` (`is_paid`,`resale_price`);--> statement-breakpoint
CREATE INDEX `products_mileage_idx` ON `products` (`is_paid`,`mileage_km`);--> statement-breakpoint
CREATE INDEX `products_year_idx` ON `products` (`is_paid`,`purchase_year`);--> statement-breakpoint
-- Full-text search over a car's name, make, model and description: case- and accent-insensitive
-- words, with prefix indexes so "toy" finds Toyota quickly. The index mirrors the products table
-- (external content, keyed by its rowid) and the triggers below keep it in step.
CREATE VIRTUAL TABLE `products_fts` USING fts5(
  `name`, `make`, `model`, `description`,
  content = 'products', content_rowid = 'rowid',
  tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3'
);--> statement-breakpoint
CREATE TRIGGER `products_fts_after_insert` AFTER INSERT ON `products` BEGIN
  INSERT INTO `products_fts` (`rowid`, `name`, `make`, `model`, `description`)
  VALUES (new.rowid, new.name, new.make, new.model, new.description);
END;--> statement-breakpoint
CREATE TRIGGER `products_fts_after_delete` AFTER DELETE ON `products` BEGIN
  INSERT INTO `products_fts` (`products_fts`, `rowid`, `name`, `make`, `model`, `description`)
  VALUES ('delete', old.rowid, old.name, old.make, old.model, old.description);
END;--> statement-breakpoint
CREATE TRIGGER `products_fts_after_update` AFTER UPDATE OF `name`, `make`, `model`, `description` ON `products` BEGIN
  INSERT INTO `products_fts` (`products_fts`, `rowid`, `name`, `make`, `model`, `description`)
  VALUES ('delete', old.rowid, old.name, old.make, old.model, old.description);
  INSERT INTO `products_fts` (`rowid`, `name`, `make`, `model`, `description`)
  VALUES (new.rowid, new.name, new.make, new.model, new.description);
END;--> statement-breakpoint
INSERT INTO `products_fts` (`products_fts`) VALUES ('rebuild');
