CREATE TABLE `venue_day_rollups` (
	`venue_id` text NOT NULL,
	`day` text NOT NULL,
	`shard` text NOT NULL,
	`orders` integer NOT NULL,
	`revenue_cents` integer NOT NULL,
	`ai_orders` integer NOT NULL,
	`drinks` integer NOT NULL,
	`computed_at` text NOT NULL,
	PRIMARY KEY(`venue_id`, `day`)
);
--> statement-breakpoint
CREATE INDEX `venue_day_rollups_day_idx` ON `venue_day_rollups` (`day`);--> statement-breakpoint
CREATE TABLE `venue_directory` (
	`venue_id` text PRIMARY KEY NOT NULL,
	`slug` text NOT NULL,
	`shard` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `venue_directory_slug_unique` ON `venue_directory` (`slug`);--> statement-breakpoint
CREATE INDEX `venue_directory_shard_idx` ON `venue_directory` (`shard`);--> statement-breakpoint
-- Venues that exist before sharding stay where their rows are: the control database (docs/decisions/140).
-- On a shard database the venues table is empty, so this inserts nothing there.
INSERT OR IGNORE INTO `venue_directory` (`venue_id`, `slug`, `shard`) SELECT `id`, `slug`, 'DB' FROM `venues`;
