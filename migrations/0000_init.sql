CREATE TABLE `ai_global_prompt` (
	`id` integer PRIMARY KEY NOT NULL,
	`system_prompt` text NOT NULL,
	`garnish_suggestions` text DEFAULT '[]' NOT NULL,
	`notes` text DEFAULT '' NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `ai_interactions` (
	`id` text PRIMARY KEY NOT NULL,
	`restaurant_id` text NOT NULL,
	`owner_key` text,
	`kind` text NOT NULL,
	`query` text DEFAULT '' NOT NULL,
	`context` text,
	`backend` text DEFAULT 'local' NOT NULL,
	`model` text,
	`suggestion` text,
	`selected_drink_name` text,
	`menu_drink_id` text,
	`was_ordered` integer DEFAULT false NOT NULL,
	`order_id` text,
	`feedback` text,
	`latency_ms` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`restaurant_id`) REFERENCES `venues`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `ai_interactions_restaurant_created_idx` ON `ai_interactions` (`restaurant_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `ai_interactions_created_idx` ON `ai_interactions` (`created_at`);--> statement-breakpoint
CREATE TABLE `ai_settings` (
	`restaurant_id` text PRIMARY KEY NOT NULL,
	`temperature` real DEFAULT 0.7 NOT NULL,
	`max_tokens` integer DEFAULT 600 NOT NULL,
	`creativity_level` text DEFAULT 'balanced' NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`restaurant_id`) REFERENCES `venues`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `audit_log` (
	`id` text PRIMARY KEY NOT NULL,
	`actor_user_id` text NOT NULL,
	`acting_role` text NOT NULL,
	`restaurant_id` text,
	`impersonating` integer DEFAULT false NOT NULL,
	`method` text NOT NULL,
	`path` text NOT NULL,
	`status` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `audit_log_created_idx` ON `audit_log` (`created_at`);--> statement-breakpoint
CREATE TABLE `cart_items` (
	`id` text PRIMARY KEY NOT NULL,
	`cart_id` text NOT NULL,
	`item_key` text NOT NULL,
	`menu_drink_id` text,
	`qty` integer NOT NULL,
	`notes` text,
	`is_ai_creation` integer DEFAULT false NOT NULL,
	`ai_recipe_name` text,
	`custom_name` text,
	`recipe` text,
	`ai_interaction_id` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`cart_id`) REFERENCES `carts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`menu_drink_id`) REFERENCES `menu_drinks`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `cart_items_cart_key_uq` ON `cart_items` (`cart_id`,`item_key`);--> statement-breakpoint
CREATE TABLE `carts` (
	`id` text PRIMARY KEY NOT NULL,
	`restaurant_id` text NOT NULL,
	`owner_key` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`restaurant_id`) REFERENCES `venues`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `carts_owner_venue_uq` ON `carts` (`owner_key`,`restaurant_id`);--> statement-breakpoint
CREATE TABLE `drink_ingredients` (
	`id` text PRIMARY KEY NOT NULL,
	`menu_drink_id` text NOT NULL,
	`ingredient_id` text,
	`raw_name` text NOT NULL,
	`quantity` real NOT NULL,
	`unit` text DEFAULT 'ml' NOT NULL,
	`is_optional` integer DEFAULT false NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`menu_drink_id`) REFERENCES `menu_drinks`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`ingredient_id`) REFERENCES `ingredients`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `drink_ingredients_drink_idx` ON `drink_ingredients` (`menu_drink_id`,`position`);--> statement-breakpoint
CREATE INDEX `drink_ingredients_ingredient_idx` ON `drink_ingredients` (`ingredient_id`);--> statement-breakpoint
CREATE TABLE `error_logs` (
	`id` text PRIMARY KEY NOT NULL,
	`level` text NOT NULL,
	`source` text NOT NULL,
	`request_id` text,
	`method` text,
	`route` text,
	`restaurant_id` text,
	`status` integer,
	`message` text NOT NULL,
	`resolved_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `error_logs_created_idx` ON `error_logs` (`created_at`);--> statement-breakpoint
CREATE TABLE `favorites` (
	`id` text PRIMARY KEY NOT NULL,
	`owner_key` text NOT NULL,
	`restaurant_id` text NOT NULL,
	`menu_drink_id` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`restaurant_id`) REFERENCES `venues`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`menu_drink_id`) REFERENCES `menu_drinks`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `favorites_owner_drink_uq` ON `favorites` (`owner_key`,`menu_drink_id`);--> statement-breakpoint
CREATE TABLE `flavor_rules` (
	`id` text PRIMARY KEY NOT NULL,
	`rule_name` text NOT NULL,
	`base_profile` text NOT NULL,
	`adjustment_logic` text NOT NULL,
	`garnish_suggestions` text DEFAULT '[]' NOT NULL,
	`notes` text DEFAULT '' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `flavor_rules_rule_name_unique` ON `flavor_rules` (`rule_name`);--> statement-breakpoint
CREATE TABLE `guest_sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`guest_id` text,
	`first_venue_slug` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`last_seen_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`guest_id`) REFERENCES `guests`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `guest_sessions_guest_idx` ON `guest_sessions` (`guest_id`);--> statement-breakpoint
CREATE TABLE `guests` (
	`id` text PRIMARY KEY NOT NULL,
	`phone_number` text NOT NULL,
	`display_name` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `guests_phone_number_unique` ON `guests` (`phone_number`);--> statement-breakpoint
CREATE TABLE `idempotency_records` (
	`restaurant_id` text NOT NULL,
	`key` text NOT NULL,
	`owner_key` text NOT NULL,
	`request_hash` text NOT NULL,
	`order_id` text,
	`response_status` integer,
	`response_body` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	PRIMARY KEY(`restaurant_id`, `key`)
);
--> statement-breakpoint
CREATE TABLE `ingredients` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`category` text DEFAULT 'other' NOT NULL,
	`base_spirit` text,
	`flavors` text DEFAULT '[]' NOT NULL,
	`allergens` text DEFAULT '[]' NOT NULL,
	`aliases` text DEFAULT '[]' NOT NULL,
	`unit` text DEFAULT 'bottle' NOT NULL,
	`unit_volume_ml` real,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `ingredients_name_unique` ON `ingredients` (`name`);--> statement-breakpoint
CREATE TABLE `inventory_items` (
	`id` text PRIMARY KEY NOT NULL,
	`restaurant_id` text NOT NULL,
	`ingredient_id` text,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`brand` text,
	`category` text DEFAULT 'other' NOT NULL,
	`quantity` real DEFAULT 0 NOT NULL,
	`unit` text DEFAULT 'bottle' NOT NULL,
	`unit_volume_ml` real,
	`low_stock_threshold` real DEFAULT 5 NOT NULL,
	`cost_per_unit_cents` integer DEFAULT 0 NOT NULL,
	`available` integer DEFAULT true NOT NULL,
	`last_movement_at` text,
	`deleted_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`restaurant_id`) REFERENCES `venues`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`ingredient_id`) REFERENCES `ingredients`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `inventory_restaurant_name_idx` ON `inventory_items` (`restaurant_id`,`name`);--> statement-breakpoint
CREATE INDEX `inventory_restaurant_ingredient_idx` ON `inventory_items` (`restaurant_id`,`ingredient_id`);--> statement-breakpoint
CREATE TABLE `menu_drinks` (
	`id` text PRIMARY KEY NOT NULL,
	`restaurant_id` text NOT NULL,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`price_cents` integer NOT NULL,
	`category` text DEFAULT 'cocktail' NOT NULL,
	`image_url` text,
	`tags` text DEFAULT '[]' NOT NULL,
	`allergens` text DEFAULT '[]' NOT NULL,
	`ingredients_notes` text,
	`base_spirit` text,
	`sweetness` text,
	`strength` text,
	`method` text,
	`glass` text,
	`featured` integer DEFAULT false NOT NULL,
	`display_order` integer DEFAULT 0 NOT NULL,
	`is_available` integer DEFAULT true NOT NULL,
	`sold_out_reason` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`restaurant_id`) REFERENCES `venues`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `menu_drinks_restaurant_name_idx` ON `menu_drinks` (`restaurant_id`,`name`);--> statement-breakpoint
CREATE INDEX `menu_drinks_restaurant_order_idx` ON `menu_drinks` (`restaurant_id`,`display_order`);--> statement-breakpoint
CREATE TABLE `order_events` (
	`id` text PRIMARY KEY NOT NULL,
	`order_id` text NOT NULL,
	`restaurant_id` text NOT NULL,
	`from_status` text,
	`to_status` text NOT NULL,
	`actor_type` text NOT NULL,
	`actor_id` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `order_events_order_idx` ON `order_events` (`order_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `order_events_restaurant_idx` ON `order_events` (`restaurant_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `order_items` (
	`id` text PRIMARY KEY NOT NULL,
	`order_id` text NOT NULL,
	`menu_drink_id` text,
	`name` text NOT NULL,
	`description` text,
	`image_url` text,
	`unit_price_cents` integer NOT NULL,
	`quantity` integer NOT NULL,
	`line_total_cents` integer NOT NULL,
	`notes` text,
	`modifiers` text,
	`is_ai_creation` integer DEFAULT false NOT NULL,
	`ai_recipe_name` text,
	`recipe` text,
	`position` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `order_items_order_idx` ON `order_items` (`order_id`,`position`);--> statement-breakpoint
CREATE INDEX `order_items_drink_idx` ON `order_items` (`menu_drink_id`);--> statement-breakpoint
CREATE TABLE `orders` (
	`id` text PRIMARY KEY NOT NULL,
	`restaurant_id` text NOT NULL,
	`owner_key` text NOT NULL,
	`guest_session_id` text,
	`guest_id` text,
	`user_id` text,
	`display_name` text,
	`customer_name` text,
	`customer_phone` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`payment_status` text DEFAULT 'unpaid' NOT NULL,
	`subtotal_cents` integer NOT NULL,
	`tax_cents` integer NOT NULL,
	`total_cents` integer NOT NULL,
	`tax_rate_bp` integer NOT NULL,
	`special_instructions` text,
	`sales_channel` text DEFAULT 'app' NOT NULL,
	`table_number` text,
	`referred_by_ai` integer DEFAULT false NOT NULL,
	`ai_recipe_name` text,
	`custom_name` text,
	`ai_interaction_id` text,
	`eta_minutes` integer,
	`stock_deducted_at` text,
	`delivered_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`restaurant_id`) REFERENCES `venues`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `orders_restaurant_created_idx` ON `orders` (`restaurant_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `orders_restaurant_status_idx` ON `orders` (`restaurant_id`,`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `orders_owner_idx` ON `orders` (`owner_key`,`created_at`);--> statement-breakpoint
CREATE INDEX `orders_created_idx` ON `orders` (`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `orders_one_active_uq` ON `orders` (`restaurant_id`,`owner_key`) WHERE status in ('pending','preparing','ready');--> statement-breakpoint
CREATE TABLE `otp_codes` (
	`id` text PRIMARY KEY NOT NULL,
	`phone` text NOT NULL,
	`code_hash` text NOT NULL,
	`expires_at` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`consumed_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `otp_codes_phone_idx` ON `otp_codes` (`phone`,`created_at`);--> statement-breakpoint
CREATE TABLE `platform_settings` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `rate_limits` (
	`key` text PRIMARY KEY NOT NULL,
	`window_start` text NOT NULL,
	`count` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `ratings` (
	`id` text PRIMARY KEY NOT NULL,
	`owner_key` text NOT NULL,
	`restaurant_id` text NOT NULL,
	`menu_drink_id` text NOT NULL,
	`rating` integer NOT NULL,
	`notes` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`restaurant_id`) REFERENCES `venues`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`menu_drink_id`) REFERENCES `menu_drinks`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `ratings_owner_drink_uq` ON `ratings` (`owner_key`,`menu_drink_id`);--> statement-breakpoint
CREATE INDEX `ratings_drink_idx` ON `ratings` (`menu_drink_id`);--> statement-breakpoint
CREATE TABLE `refresh_tokens` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`family_id` text NOT NULL,
	`token_hash` text NOT NULL,
	`expires_at` text NOT NULL,
	`used_at` text,
	`revoked_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `refresh_tokens_token_hash_unique` ON `refresh_tokens` (`token_hash`);--> statement-breakpoint
CREATE INDEX `refresh_tokens_family_idx` ON `refresh_tokens` (`family_id`);--> statement-breakpoint
CREATE TABLE `stock_movements` (
	`id` text PRIMARY KEY NOT NULL,
	`restaurant_id` text NOT NULL,
	`inventory_item_id` text NOT NULL,
	`type` text NOT NULL,
	`delta` real NOT NULL,
	`delta_ml` real,
	`reason` text NOT NULL,
	`order_id` text,
	`actor_user_id` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`restaurant_id`) REFERENCES `venues`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`inventory_item_id`) REFERENCES `inventory_items`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `stock_movements_item_idx` ON `stock_movements` (`inventory_item_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `unmatched_ingredients` (
	`id` text PRIMARY KEY NOT NULL,
	`raw_string` text NOT NULL,
	`norm_string` text NOT NULL,
	`restaurant_id` text NOT NULL,
	`menu_drink_id` text,
	`drink_ingredient_id` text,
	`resolved_at` text,
	`resolved_ingredient_id` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`restaurant_id`) REFERENCES `venues`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`menu_drink_id`) REFERENCES `menu_drinks`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `unmatched_open_idx` ON `unmatched_ingredients` (`resolved_at`,`created_at`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`password_hash` text NOT NULL,
	`display_name` text,
	`phone_number` text,
	`role` text DEFAULT 'staff' NOT NULL,
	`restaurant_id` text,
	`claims_version` integer DEFAULT 1 NOT NULL,
	`disabled_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`restaurant_id`) REFERENCES `venues`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);--> statement-breakpoint
CREATE INDEX `users_restaurant_idx` ON `users` (`restaurant_id`);--> statement-breakpoint
CREATE TABLE `venues` (
	`id` text PRIMARY KEY NOT NULL,
	`slug` text NOT NULL,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`address` text DEFAULT '' NOT NULL,
	`phone` text,
	`image_url` text,
	`logo_url` text,
	`cover_image_url` text,
	`theme_primary` text DEFAULT '#2563eb' NOT NULL,
	`theme_secondary` text DEFAULT '#1e3a8a' NOT NULL,
	`theme_background` text DEFAULT '#ffffff' NOT NULL,
	`theme_text` text DEFAULT '#1f2937' NOT NULL,
	`opening_hours` text DEFAULT '' NOT NULL,
	`timezone` text DEFAULT 'UTC' NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`tax_rate_bp` integer DEFAULT 875 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `venues_slug_unique` ON `venues` (`slug`);--> statement-breakpoint
CREATE INDEX `venues_active_name_idx` ON `venues` (`active`,`name`);