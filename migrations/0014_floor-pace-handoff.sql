ALTER TABLE `orders` ADD `made_at` text;--> statement-breakpoint
CREATE INDEX `orders_restaurant_made_idx` ON `orders` (`restaurant_id`,`made_at`,`drink_count`) WHERE made_at is not null;--> statement-breakpoint
ALTER TABLE `venues` ADD `handoff` text DEFAULT 'pickup' NOT NULL;--> statement-breakpoint
ALTER TABLE `venues` ADD `pickup_point` text DEFAULT 'at the bar' NOT NULL;