CREATE TABLE `venue_day_drinks` (
	`venue_id` text NOT NULL,
	`day` text NOT NULL,
	`shard` text NOT NULL,
	`name_key` text NOT NULL,
	`name` text NOT NULL,
	`qty` integer NOT NULL,
	`computed_at` text NOT NULL,
	PRIMARY KEY(`venue_id`, `day`, `name_key`)
);
--> statement-breakpoint
CREATE INDEX `venue_day_drinks_day_idx` ON `venue_day_drinks` (`day`);--> statement-breakpoint
CREATE TABLE `venue_recent_orders` (
	`id` text PRIMARY KEY NOT NULL,
	`venue_id` text NOT NULL,
	`shard` text NOT NULL,
	`created_at` text NOT NULL,
	`status` text NOT NULL,
	`total_cents` integer NOT NULL,
	`computed_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `venue_recent_orders_created_idx` ON `venue_recent_orders` (`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `venue_recent_orders_venue_idx` ON `venue_recent_orders` (`venue_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `venue_day_rollups` ADD `ai_interactions` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `venue_day_rollups` ADD `ai_ordered` integer DEFAULT 0 NOT NULL;