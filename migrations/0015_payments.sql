CREATE TABLE `payment_events` (
	`event_id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`payment_intent_id` text NOT NULL,
	`session_id` text NOT NULL,
	`received_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `payment_events_intent_idx` ON `payment_events` (`payment_intent_id`);--> statement-breakpoint
CREATE TABLE `payment_refunds` (
	`id` text PRIMARY KEY NOT NULL,
	`share_id` text NOT NULL,
	`session_id` text NOT NULL,
	`restaurant_id` text NOT NULL,
	`stripe_refund_id` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`reason` text NOT NULL,
	`by_user_id` text NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payment_refunds_stripe_refund_id_unique` ON `payment_refunds` (`stripe_refund_id`);--> statement-breakpoint
CREATE INDEX `payment_refunds_share_idx` ON `payment_refunds` (`share_id`);--> statement-breakpoint
CREATE INDEX `payment_refunds_venue_idx` ON `payment_refunds` (`restaurant_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `tab_holds` (
	`id` text PRIMARY KEY NOT NULL,
	`session_id` text NOT NULL,
	`payment_intent_id` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`captured_cents` integer DEFAULT 0 NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`session_id`) REFERENCES `table_sessions`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `tab_holds_payment_intent_id_unique` ON `tab_holds` (`payment_intent_id`);--> statement-breakpoint
CREATE INDEX `tab_holds_session_idx` ON `tab_holds` (`session_id`);--> statement-breakpoint
ALTER TABLE `tab_shares` ADD `refunded_cents` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `tab_shares` ADD `fee_cents` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `tab_shares` ADD `payment_problem` text;--> statement-breakpoint
ALTER TABLE `tab_shares` ADD `payment_problem_note` text;--> statement-breakpoint
CREATE UNIQUE INDEX `tab_shares_provider_ref_uq` ON `tab_shares` (`provider_ref`) WHERE provider_ref is not null;--> statement-breakpoint
ALTER TABLE `venues` ADD `stripe_account_id` text;--> statement-breakpoint
ALTER TABLE `venues` ADD `application_fee_bp` integer DEFAULT 100 NOT NULL;--> statement-breakpoint
ALTER TABLE `venues` ADD `tab_hold_cents` integer DEFAULT 10000 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `venues_stripe_account_uq` ON `venues` (`stripe_account_id`) WHERE stripe_account_id is not null;