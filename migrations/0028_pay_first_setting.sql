CREATE TABLE `order_payments` (
	`id` text PRIMARY KEY NOT NULL,
	`restaurant_id` text NOT NULL,
	`owner_key` text NOT NULL,
	`guest_session_id` text NOT NULL,
	`guest_id` text,
	`details` text NOT NULL,
	`request_hash` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`fee_cents` integer NOT NULL,
	`payment_intent_id` text,
	`status` text DEFAULT 'planned' NOT NULL,
	`order_id` text,
	`note` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `order_payments_payment_intent_id_unique` ON `order_payments` (`payment_intent_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `order_payments_order_id_unique` ON `order_payments` (`order_id`);--> statement-breakpoint
CREATE INDEX `order_payments_owner_idx` ON `order_payments` (`restaurant_id`,`owner_key`);--> statement-breakpoint
ALTER TABLE `venues` ADD `pay_first` integer DEFAULT false NOT NULL;