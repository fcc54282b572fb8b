CREATE TABLE `catalogue_version` (
	`id` integer PRIMARY KEY NOT NULL,
	`version` integer NOT NULL,
	CONSTRAINT "catalogue_version_single_row" CHECK("catalogue_version"."id" = 1)
);
--> statement-breakpoint
INSERT INTO `catalogue_version` (`id`, `version`) VALUES (1, 0);
--> statement-breakpoint
-- Every change a search answer can show raises the version: the cars themselves (any column: a
-- price, a sale, a new listing, a delete), their photos, and the seller badge their answers carry.
CREATE TRIGGER `catalogue_version_product_insert` AFTER INSERT ON `products` BEGIN
	UPDATE `catalogue_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalogue_version_product_update` AFTER UPDATE ON `products` BEGIN
	UPDATE `catalogue_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalogue_version_product_delete` AFTER DELETE ON `products` BEGIN
	UPDATE `catalogue_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalogue_version_photo_insert` AFTER INSERT ON `product_photos` BEGIN
	UPDATE `catalogue_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalogue_version_photo_update` AFTER UPDATE ON `product_photos` BEGIN
	UPDATE `catalogue_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalogue_version_photo_delete` AFTER DELETE ON `product_photos` BEGIN
	UPDATE `catalogue_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalogue_version_seller_badge` AFTER UPDATE OF `verified` ON `users` BEGIN
	UPDATE `catalogue_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
