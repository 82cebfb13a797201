ALTER TABLE `venues` ADD `day_cutoff_minutes` integer DEFAULT 240 NOT NULL;--> statement-breakpoint
ALTER TABLE `venues` ADD `happy_hours` text DEFAULT '[]' NOT NULL;