DROP INDEX `orders_one_active_uq`;--> statement-breakpoint
ALTER TABLE `orders` ADD `code` text;--> statement-breakpoint
CREATE UNIQUE INDEX `orders_one_round_making_uq` ON `orders` (`restaurant_id`,`owner_key`) WHERE status in ('pending','preparing') and table_session_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX `orders_open_code_uq` ON `orders` (`restaurant_id`,`code`) WHERE status in ('pending','preparing','ready') and code is not null;--> statement-breakpoint
CREATE UNIQUE INDEX `orders_one_active_uq` ON `orders` (`restaurant_id`,`owner_key`) WHERE status in ('pending','preparing','ready') and table_session_id is null;