ALTER TABLE `payment_refunds` ADD `status` text DEFAULT 'succeeded' NOT NULL;--> statement-breakpoint
ALTER TABLE `table_sessions` ADD `service_charge_bp` integer;--> statement-breakpoint
UPDATE `table_sessions` SET `service_charge_bp` = (SELECT `service_charge_bp` FROM `venues` WHERE `venues`.`id` = `table_sessions`.`restaurant_id`) WHERE `service_charge_bp` IS NULL;
