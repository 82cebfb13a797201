-- What an order keeps (docs/decisions/152). Order lines, order events and stock movements take their row number as
-- id instead of a random text id (no second B-tree for it); events and movements no longer repeat the venue
-- their order or item names, and keep one short index each; nothing reads order lines by drink. An order's pour and
-- its return store no reason text (it is said from the order), and new ones name the status change (`event_id`)
-- that says when and who. Nothing references these three tables, so each is rebuilt in place, foreign keys on as
-- D1 keeps them: every row is copied, in the order it was written (events and movements by time), so the new ids
-- keep each order's lines and events and each item's history in order.
CREATE TABLE `__new_stock_movements` (
	`id` integer PRIMARY KEY NOT NULL,
	`inventory_item_id` text NOT NULL,
	`type` text NOT NULL,
	`delta` real NOT NULL,
	`delta_ml` real,
	`reason` text,
	`order_id` text,
	`event_id` integer,
	`actor_user_id` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
	FOREIGN KEY (`inventory_item_id`) REFERENCES `inventory_items`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
-- A pour's or a return's reason that reads as shared/inventory.ts movementReason says it is not kept; any other stays.
INSERT INTO `__new_stock_movements`("inventory_item_id", "type", "delta", "delta_ml", "reason", "order_id", "actor_user_id", "created_at")
SELECT "inventory_item_id", "type", "delta", "delta_ml",
  CASE WHEN "order_id" IS NOT NULL AND "type" IN ('deduct', 'restore') AND "reason" = 'Order #' || upper(substr("order_id", -8))
      || CASE "type" WHEN 'restore' THEN ' cancelled: stock returned' ELSE '' END
    THEN NULL ELSE "reason" END,
  "order_id", "actor_user_id", "created_at"
FROM `stock_movements` ORDER BY "created_at", rowid;--> statement-breakpoint
DROP TABLE `stock_movements`;--> statement-breakpoint
ALTER TABLE `__new_stock_movements` RENAME TO `stock_movements`;--> statement-breakpoint
CREATE INDEX `stock_movements_item_idx` ON `stock_movements` (`inventory_item_id`);--> statement-breakpoint
CREATE TABLE `__new_order_events` (
	`id` integer PRIMARY KEY NOT NULL,
	`order_id` text NOT NULL,
	`from_status` text,
	`to_status` text NOT NULL,
	`actor_type` text NOT NULL,
	`actor_id` text,
	`reason` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_order_events`("order_id", "from_status", "to_status", "actor_type", "actor_id", "reason", "created_at")
SELECT "order_id", "from_status", "to_status", "actor_type", "actor_id", "reason", "created_at"
FROM `order_events` ORDER BY "created_at", rowid;--> statement-breakpoint
DROP TABLE `order_events`;--> statement-breakpoint
ALTER TABLE `__new_order_events` RENAME TO `order_events`;--> statement-breakpoint
CREATE INDEX `order_events_order_idx` ON `order_events` (`order_id`);--> statement-breakpoint
CREATE TABLE `__new_order_items` (
	`id` integer PRIMARY KEY NOT NULL,
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
	`allergens` text DEFAULT '[]' NOT NULL,
	`contains_alcohol` integer DEFAULT true NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_order_items`("order_id", "menu_drink_id", "name", "description", "image_url", "unit_price_cents", "quantity", "line_total_cents", "notes", "modifiers", "is_ai_creation", "ai_recipe_name", "recipe", "allergens", "contains_alcohol", "position")
SELECT "order_id", "menu_drink_id", "name", "description", "image_url", "unit_price_cents", "quantity", "line_total_cents", "notes", "modifiers", "is_ai_creation", "ai_recipe_name", "recipe", "allergens", "contains_alcohol", "position"
FROM `order_items` ORDER BY rowid;--> statement-breakpoint
DROP TABLE `order_items`;--> statement-breakpoint
ALTER TABLE `__new_order_items` RENAME TO `order_items`;--> statement-breakpoint
CREATE INDEX `order_items_order_idx` ON `order_items` (`order_id`,`position`);
