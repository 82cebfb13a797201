CREATE TABLE `staff_invites` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`token_hash` text NOT NULL,
	`created_by` text NOT NULL,
	`expires_at` text NOT NULL,
	`used_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `staff_invites_token_hash_unique` ON `staff_invites` (`token_hash`);--> statement-breakpoint
CREATE INDEX `staff_invites_user_idx` ON `staff_invites` (`user_id`);--> statement-breakpoint
ALTER TABLE `audit_log` ADD `reason` text;--> statement-breakpoint
ALTER TABLE `cart_items` ADD `modifiers` text;--> statement-breakpoint
ALTER TABLE `menu_drinks` ADD `modifier_groups` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `order_items` ADD `modifier_choices` text;--> statement-breakpoint
ALTER TABLE `table_cart_lines` ADD `modifiers` text;--> statement-breakpoint
ALTER TABLE `venues` ADD `day_cutoff_minutes` integer DEFAULT 240 NOT NULL;--> statement-breakpoint
ALTER TABLE `venues` ADD `happy_hours` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `venues` ADD `category_order` text DEFAULT '[]' NOT NULL;