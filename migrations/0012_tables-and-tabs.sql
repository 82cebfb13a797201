CREATE TABLE `tab_claims` (
	`order_item_id` integer PRIMARY KEY NOT NULL,
	`session_id` text NOT NULL,
	`member_id` text NOT NULL,
	`share_id` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`session_id`) REFERENCES `table_sessions`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `tab_claims_session_idx` ON `tab_claims` (`session_id`);--> statement-breakpoint
CREATE TABLE `tab_shares` (
	`id` text PRIMARY KEY NOT NULL,
	`session_id` text NOT NULL,
	`payer_member_id` text NOT NULL,
	`kind` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`subtotal_cents` integer NOT NULL,
	`tip_cents` integer DEFAULT 0 NOT NULL,
	`split_plan` text,
	`split_count` integer,
	`split_base_cents` integer,
	`split_index` integer,
	`payment_status` text DEFAULT 'unpaid' NOT NULL,
	`method` text,
	`recorded_by` text,
	`recorded_by_name` text,
	`captured_at` text,
	`provider_ref` text,
	`position` integer NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`session_id`) REFERENCES `table_sessions`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `tab_shares_session_idx` ON `tab_shares` (`session_id`,`position`);--> statement-breakpoint
CREATE TABLE `table_cart_lines` (
	`id` text PRIMARY KEY NOT NULL,
	`session_id` text NOT NULL,
	`member_id` text NOT NULL,
	`menu_drink_id` text,
	`is_ai_creation` integer DEFAULT false NOT NULL,
	`ai_recipe_name` text,
	`recipe` text,
	`ai_interaction_id` text,
	`qty` integer NOT NULL,
	`notes` text,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`session_id`) REFERENCES `table_sessions`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `table_cart_lines_session_idx` ON `table_cart_lines` (`session_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `table_members` (
	`id` text PRIMARY KEY NOT NULL,
	`session_id` text NOT NULL,
	`owner_key` text NOT NULL,
	`name` text NOT NULL,
	`joined_at` text NOT NULL,
	`left_at` text,
	`removed_by` text,
	FOREIGN KEY (`session_id`) REFERENCES `table_sessions`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `table_members_present_uq` ON `table_members` (`session_id`,`owner_key`) WHERE left_at is null;--> statement-breakpoint
CREATE INDEX `table_members_owner_idx` ON `table_members` (`owner_key`,`left_at`);--> statement-breakpoint
CREATE TABLE `table_sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`restaurant_id` text NOT NULL,
	`table_number` text NOT NULL,
	`join_code` text NOT NULL,
	`host_member_id` text,
	`members_can_send` integer DEFAULT false NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`last_activity_at` text NOT NULL,
	`opened_at` text NOT NULL,
	`closed_at` text,
	`closed_reason` text,
	`merged_into` text,
	FOREIGN KEY (`restaurant_id`) REFERENCES `venues`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `table_sessions_live_table_uq` ON `table_sessions` (`restaurant_id`,`table_number`) WHERE status in ('open','billing');--> statement-breakpoint
CREATE UNIQUE INDEX `table_sessions_live_code_uq` ON `table_sessions` (`restaurant_id`,`join_code`) WHERE status in ('open','billing');--> statement-breakpoint
CREATE INDEX `table_sessions_restaurant_status_idx` ON `table_sessions` (`restaurant_id`,`status`,`last_activity_at`);--> statement-breakpoint
CREATE TABLE `venue_tables` (
	`id` text PRIMARY KEY NOT NULL,
	`restaurant_id` text NOT NULL,
	`number` text NOT NULL,
	`name` text,
	`position` integer DEFAULT 0 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`restaurant_id`) REFERENCES `venues`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `venue_tables_number_uq` ON `venue_tables` (`restaurant_id`,`number`);--> statement-breakpoint
ALTER TABLE `order_items` ADD `member_id` text;--> statement-breakpoint
ALTER TABLE `order_items` ADD `member_name` text;--> statement-breakpoint
ALTER TABLE `order_items` ADD `voided_at` text;--> statement-breakpoint
ALTER TABLE `order_items` ADD `void_reason` text;--> statement-breakpoint
ALTER TABLE `order_items` ADD `voided_by` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `table_session_id` text;--> statement-breakpoint
CREATE INDEX `orders_table_session_idx` ON `orders` (`table_session_id`) WHERE table_session_id is not null;--> statement-breakpoint
ALTER TABLE `venues` ADD `service_charge_bp` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `venues` ADD `tip_presets_bp` text DEFAULT '[1500,1800,2000]' NOT NULL;--> statement-breakpoint
ALTER TABLE `venues` ADD `tab_auto_close_hours` integer DEFAULT 4 NOT NULL;