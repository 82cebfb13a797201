CREATE TABLE `menu_drink_translations` (
	`menu_drink_id` text NOT NULL,
	`language` text NOT NULL,
	`restaurant_id` text NOT NULL,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`status` text DEFAULT 'approved' NOT NULL,
	`source` text DEFAULT 'admin' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	PRIMARY KEY(`menu_drink_id`, `language`),
	FOREIGN KEY (`menu_drink_id`) REFERENCES `menu_drinks`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`restaurant_id`) REFERENCES `venues`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `menu_drink_translations_venue_language_idx` ON `menu_drink_translations` (`restaurant_id`,`language`);--> statement-breakpoint
ALTER TABLE `venues` ADD `default_language` text DEFAULT 'en' NOT NULL;