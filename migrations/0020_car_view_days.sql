CREATE TABLE `car_view_days` (
	`product_id` text NOT NULL,
	`day` text NOT NULL,
	`views` integer NOT NULL,
	PRIMARY KEY(`product_id`, `day`),
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade
);
