DROP INDEX `orders_restaurant_status_idx`;--> statement-breakpoint
ALTER TABLE `orders` ADD `drink_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `orders_restaurant_status_idx` ON `orders` (`restaurant_id`,`status`,`created_at`,`drink_count`);--> statement-breakpoint
-- Orders placed before this migration: their drink count from their lines.
UPDATE `orders` SET `drink_count` = (SELECT coalesce(sum(`quantity`), 0) FROM `order_items` WHERE `order_items`.`order_id` = `orders`.`id`);
