ALTER TABLE `guest_sessions` ADD `signed_in_at` text;--> statement-breakpoint
ALTER TABLE `otp_codes` ADD `session_id` text;--> statement-breakpoint
CREATE INDEX `otp_codes_phone_session_idx` ON `otp_codes` (`phone`,`session_id`,`created_at`);