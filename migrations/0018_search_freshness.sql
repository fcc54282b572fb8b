-- Search freshness (decision record 28). The page of results is always read from `products`;
-- `total` and the facets may lag writes by at most 60 s and come from one of two places.
--
-- 1. `facet_pair_counts`: for each unsold car and each ordered pair of its facet columns (make,
--    location, condition, category), one count per (facet = value, other facet = other value).
--    With `facet_counts` (migration 0007) a search with no filter or a single facet filter reads its
--    total and all four facets here, a few dozen rows, always exact. Kept by triggers like
--    `facet_counts`: an update counts as taking the old car out and putting the new one in, each only
--    if unsold; rows at zero are deleted. Values compare without letter case (makes are counted so).
CREATE TABLE `facet_pair_counts` (
  `facet` text NOT NULL,
  `value` text NOT NULL COLLATE NOCASE,
  `other` text NOT NULL,
  `other_value` text NOT NULL COLLATE NOCASE,
  `count` integer NOT NULL,
  PRIMARY KEY (`facet`, `value`, `other`, `other_value`)
) WITHOUT ROWID;--> statement-breakpoint
CREATE TRIGGER `facet_pair_counts_after_insert` AFTER INSERT ON `products` WHEN new.is_paid = 0 BEGIN
  INSERT INTO `facet_pair_counts` (`facet`, `value`, `other`, `other_value`, `count`)
  SELECT a.facet, a.value, b.facet, b.value, 1
  FROM (SELECT 'make' AS facet, new.make AS value UNION ALL SELECT 'location', new.location UNION ALL SELECT 'condition', new.condition UNION ALL SELECT 'categoryId', new.category_id) AS a,
    (SELECT 'make' AS facet, new.make AS value UNION ALL SELECT 'location', new.location UNION ALL SELECT 'condition', new.condition UNION ALL SELECT 'categoryId', new.category_id) AS b
  WHERE a.facet <> b.facet AND a.value IS NOT NULL AND b.value IS NOT NULL
  ON CONFLICT (`facet`, `value`, `other`, `other_value`) DO UPDATE SET `count` = `count` + 1;
END;--> statement-breakpoint
CREATE TRIGGER `facet_pair_counts_after_delete` AFTER DELETE ON `products` WHEN old.is_paid = 0 BEGIN
  UPDATE `facet_pair_counts` SET `count` = `count` - 1
  WHERE (`facet`, `value`, `other`, `other_value`) IN (
    SELECT a.facet, a.value, b.facet, b.value
    FROM (SELECT 'make' AS facet, old.make AS value UNION ALL SELECT 'location', old.location UNION ALL SELECT 'condition', old.condition UNION ALL SELECT 'categoryId', old.category_id) AS a,
      (SELECT 'make' AS facet, old.make AS value UNION ALL SELECT 'location', old.location UNION ALL SELECT 'condition', old.condition UNION ALL SELECT 'categoryId', old.category_id) AS b
    WHERE a.facet <> b.facet);
  DELETE FROM `facet_pair_counts` WHERE `count` <= 0 AND `facet` IN ('make', 'location', 'condition', 'categoryId')
    AND `value` IN (old.make, old.location, old.condition, old.category_id);
END;--> statement-breakpoint
CREATE TRIGGER `facet_pair_counts_after_update_old` AFTER UPDATE OF `is_paid`, `make`, `location`, `condition`, `category_id` ON `products` WHEN old.is_paid = 0 BEGIN
  UPDATE `facet_pair_counts` SET `count` = `count` - 1
  WHERE (`facet`, `value`, `other`, `other_value`) IN (
    SELECT a.facet, a.value, b.facet, b.value
    FROM (SELECT 'make' AS facet, old.make AS value UNION ALL SELECT 'location', old.location UNION ALL SELECT 'condition', old.condition UNION ALL SELECT 'categoryId', old.category_id) AS a,
      (SELECT 'make' AS facet, old.make AS value UNION ALL SELECT 'location', old.location UNION ALL SELECT 'condition', old.condition UNION ALL SELECT 'categoryId', old.category_id) AS b
    WHERE a.facet <> b.facet);
  DELETE FROM `facet_pair_counts` WHERE `count` <= 0 AND `facet` IN ('make', 'location', 'condition', 'categoryId')
    AND `value` IN (old.make, old.location, old.condition, old.category_id);
END;--> statement-breakpoint
CREATE TRIGGER `facet_pair_counts_after_update_new` AFTER UPDATE OF `is_paid`, `make`, `location`, `condition`, `category_id` ON `products` WHEN new.is_paid = 0 BEGIN
  INSERT INTO `facet_pair_counts` (`facet`, `value`, `other`, `other_value`, `count`)
  SELECT a.facet, a.value, b.facet, b.value, 1
  FROM (SELECT 'make' AS facet, new.make AS value UNION ALL SELECT 'location', new.location UNION ALL SELECT 'condition', new.condition UNION ALL SELECT 'categoryId', new.category_id) AS a,
    (SELECT 'make' AS facet, new.make AS value UNION ALL SELECT 'location', new.location UNION ALL SELECT 'condition', new.condition UNION ALL SELECT 'categoryId', new.category_id) AS b
  WHERE a.facet <> b.facet AND a.value IS NOT NULL AND b.value IS NOT NULL
  ON CONFLICT (`facet`, `value`, `other`, `other_value`) DO UPDATE SET `count` = `count` + 1;
END;--> statement-breakpoint
INSERT INTO `facet_pair_counts` (`facet`, `value`, `other`, `other_value`, `count`)
WITH `unsold_facets` AS MATERIALIZED (
  SELECT rowid AS car, 'make' AS facet, `make` AS value FROM `products` WHERE `is_paid` = 0 AND `make` IS NOT NULL
  UNION ALL SELECT rowid, 'location', `location` FROM `products` WHERE `is_paid` = 0 AND `location` IS NOT NULL
  UNION ALL SELECT rowid, 'condition', `condition` FROM `products` WHERE `is_paid` = 0 AND `condition` IS NOT NULL
  UNION ALL SELECT rowid, 'categoryId', `category_id` FROM `products` WHERE `is_paid` = 0 AND `category_id` IS NOT NULL
)
SELECT a.facet, min(a.value), b.facet, min(b.value), count(*)
FROM `unsold_facets` AS a JOIN `unsold_facets` AS b ON a.car = b.car AND a.facet <> b.facet
GROUP BY a.facet, a.value COLLATE NOCASE, b.facet, b.value COLLATE NOCASE;--> statement-breakpoint
-- 2. `search_counts`: every other search's total and facets (JSON), as counted at `counted_at`
--    (milliseconds since the epoch, the app's clock), one row per set of filters (page, sort and
--    cursor leave the counts alone). Younger than 30 s they are served as they are; 30–60 s old they
--    are served and counted again after the response; older, counted before answering.
--    `refreshing_since` is the claim of the one request that counts again in the background.
CREATE TABLE `search_counts` (
  `filters` text PRIMARY KEY NOT NULL,
  `counts` text NOT NULL,
  `counted_at` integer NOT NULL,
  `refreshing_since` integer
) WITHOUT ROWID;--> statement-breakpoint
CREATE INDEX `search_counts_counted_at_idx` ON `search_counts` (`counted_at`);--> statement-breakpoint
-- 3. The catalogue-wide version of decision record 15 is no longer read: its triggers and row go,
--    and the reviews' rating triggers (migration 0013) keep only the seller's count and sum.
DROP TRIGGER `reviews_rating_insert`;--> statement-breakpoint
DROP TRIGGER `reviews_rating_delete`;--> statement-breakpoint
CREATE TRIGGER `reviews_rating_insert` AFTER INSERT ON `reviews` BEGIN
	UPDATE `users` SET `rating_count` = `rating_count` + 1, `rating_total` = `rating_total` + NEW.`rating` WHERE `id` = NEW.`seller_id`;
END;--> statement-breakpoint
CREATE TRIGGER `reviews_rating_delete` AFTER DELETE ON `reviews` BEGIN
	UPDATE `users` SET `rating_count` = `rating_count` - 1, `rating_total` = `rating_total` - OLD.`rating` WHERE `id` = OLD.`seller_id`;
END;--> statement-breakpoint
DROP TRIGGER `catalogue_version_product_insert`;--> statement-breakpoint
DROP TRIGGER `catalogue_version_product_update`;--> statement-breakpoint
DROP TRIGGER `catalogue_version_product_delete`;--> statement-breakpoint
DROP TRIGGER `catalogue_version_photo_insert`;--> statement-breakpoint
DROP TRIGGER `catalogue_version_photo_update`;--> statement-breakpoint
DROP TRIGGER `catalogue_version_photo_delete`;--> statement-breakpoint
DROP TRIGGER `catalogue_version_seller_badge`;--> statement-breakpoint
DROP TABLE `catalogue_version`;
