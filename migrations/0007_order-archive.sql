CREATE TABLE `archived_order_days` (
	`venue_id` text NOT NULL,
	`day` text NOT NULL,
	`orders` integer NOT NULL,
	`revenue_cents` integer NOT NULL,
	`ai_orders` integer NOT NULL,
	`drinks` integer NOT NULL,
	PRIMARY KEY(`venue_id`, `day`)
);
--> statement-breakpoint
CREATE TABLE `archived_orders` (
	`id` text PRIMARY KEY NOT NULL,
	`restaurant_id` text NOT NULL,
	`owner_key` text NOT NULL,
	`status` text NOT NULL,
	`payment_status` text NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `archived_orders_restaurant_created_idx` ON `archived_orders` (`restaurant_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `archived_orders_owner_idx` ON `archived_orders` (`owner_key`,`created_at`);