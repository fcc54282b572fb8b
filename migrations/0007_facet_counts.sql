DROP INDEX `products_unsold_category_idx`;--> statement-breakpoint
DROP INDEX `products_make_idx`;--> statement-breakpoint
DROP INDEX `products_location_idx`;--> statement-breakpoint
DROP INDEX `products_condition_idx`;--> statement-breakpoint
DROP INDEX `products_price_idx`;--> statement-breakpoint
DROP INDEX `products_mileage_idx`;--> statement-breakpoint
DROP INDEX `products_year_idx`;--> statement-breakpoint
CREATE INDEX `products_unsold_category_idx` ON `products` (`is_paid`,`category_id`,`created_at`,`make`,`location`,`condition`,`resale_price`);--> statement-breakpoint
CREATE INDEX `products_make_idx` ON `products` (`is_paid`,"make" collate nocase,`created_at`,`location`,`condition`,`category_id`,`resale_price`);--> statement-breakpoint
CREATE INDEX `products_location_idx` ON `products` (`is_paid`,`location`,`created_at`,`make`,`condition`,`category_id`,`resale_price`);--> statement-breakpoint
CREATE INDEX `products_condition_idx` ON `products` (`is_paid`,`condition`,`created_at`,`make`,`location`,`category_id`,`resale_price`);--> statement-breakpoint
CREATE INDEX `products_price_idx` ON `products` (`is_paid`,`resale_price`,`make`,`location`,`condition`,`category_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `products_mileage_idx` ON `products` (`is_paid`,`mileage_km`,`make`,`location`,`condition`,`category_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `products_year_idx` ON `products` (`is_paid`,`purchase_year`,`make`,`location`,`condition`,`category_id`,`created_at`,`id`);--> statement-breakpoint
-- The search's facet counts over every car for sale, kept by the database itself: with no filter
-- (or only the facet's own) the search reads a facet's counts here, a few dozen rows, instead of
-- grouping every unsold car. Exact at all times: the triggers below move each car in and out as it
-- is listed, edited, sold or deleted. Makes are counted whatever their letter case (nocase key),
-- under the spelling of the first listing counted. The "total" row counts all unsold cars.
CREATE TABLE `facet_counts` (
  `facet` text NOT NULL,
  `value` text NOT NULL COLLATE NOCASE,
  `count` integer NOT NULL,
  PRIMARY KEY (`facet`, `value`)
) WITHOUT ROWID;--> statement-breakpoint
CREATE TRIGGER `facet_counts_after_insert` AFTER INSERT ON `products` WHEN new.is_paid = 0 BEGIN
  INSERT INTO `facet_counts` (`facet`, `value`, `count`)
  SELECT column1, column2, 1 FROM (VALUES ('total', ''), ('make', new.make), ('location', new.location), ('condition', new.condition), ('categoryId', new.category_id))
  WHERE column2 IS NOT NULL
  ON CONFLICT (`facet`, `value`) DO UPDATE SET `count` = `count` + 1;
END;--> statement-breakpoint
CREATE TRIGGER `facet_counts_after_delete` AFTER DELETE ON `products` WHEN old.is_paid = 0 BEGIN
  UPDATE `facet_counts` SET `count` = `count` - 1
  WHERE (`facet`, `value`) IN (VALUES ('total', ''), ('make', old.make), ('location', old.location), ('condition', old.condition), ('categoryId', old.category_id));
  DELETE FROM `facet_counts` WHERE `count` <= 0 AND `facet` <> 'total';
END;--> statement-breakpoint
-- An update counts as taking the old car out and putting the new one in (each only if unsold).
CREATE TRIGGER `facet_counts_after_update_old` AFTER UPDATE OF `is_paid`, `make`, `location`, `condition`, `category_id` ON `products` WHEN old.is_paid = 0 BEGIN
  UPDATE `facet_counts` SET `count` = `count` - 1
  WHERE (`facet`, `value`) IN (VALUES ('total', ''), ('make', old.make), ('location', old.location), ('condition', old.condition), ('categoryId', old.category_id));
  DELETE FROM `facet_counts` WHERE `count` <= 0 AND `facet` <> 'total';
END;--> statement-breakpoint
CREATE TRIGGER `facet_counts_after_update_new` AFTER UPDATE OF `is_paid`, `make`, `location`, `condition`, `category_id` ON `products` WHEN new.is_paid = 0 BEGIN
  INSERT INTO `facet_counts` (`facet`, `value`, `count`)
  SELECT column1, column2, 1 FROM (VALUES ('total', ''), ('make', new.make), ('location', new.location), ('condition', new.condition), ('categoryId', new.category_id))
  WHERE column2 IS NOT NULL
  ON CONFLICT (`facet`, `value`) DO UPDATE SET `count` = `count` + 1;
END;--> statement-breakpoint
INSERT INTO `facet_counts` (`facet`, `value`, `count`)
SELECT 'total', '', count(*) FROM `products` WHERE `is_paid` = 0
UNION ALL SELECT 'make', min(`make`), count(*) FROM `products` WHERE `is_paid` = 0 AND `make` IS NOT NULL GROUP BY `make` COLLATE NOCASE
UNION ALL SELECT 'location', `location`, count(*) FROM `products` WHERE `is_paid` = 0 GROUP BY `location`
UNION ALL SELECT 'condition', `condition`, count(*) FROM `products` WHERE `is_paid` = 0 GROUP BY `condition`
UNION ALL SELECT 'categoryId', `category_id`, count(*) FROM `products` WHERE `is_paid` = 0 GROUP BY `category_id`;
