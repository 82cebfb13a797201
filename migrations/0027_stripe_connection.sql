ALTER TABLE `venues` ADD `stripe_account_plan` text;--> statement-breakpoint
ALTER TABLE `venues` ADD `stripe_charges_enabled` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `venues` ADD `stripe_payouts_enabled` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `venues` ADD `stripe_currently_due` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `venues` ADD `stripe_disabled_reason` text;--> statement-breakpoint
ALTER TABLE `venues` ADD `stripe_status_at` integer;--> statement-breakpoint
UPDATE `venues` SET `stripe_charges_enabled` = 1 WHERE `stripe_account_id` IS NOT NULL;
