ALTER TABLE `cart_items` ADD `modifiers` text;--> statement-breakpoint
ALTER TABLE `menu_drinks` ADD `modifier_groups` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `order_items` ADD `modifier_choices` text;--> statement-breakpoint
ALTER TABLE `table_cart_lines` ADD `modifiers` text;--> statement-breakpoint
ALTER TABLE `venues` ADD `category_order` text DEFAULT '[]' NOT NULL;