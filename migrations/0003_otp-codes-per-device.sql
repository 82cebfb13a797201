ALTER TABLE `otp_codes` ADD `session_id` text;--> statement-breakpoint
CREATE INDEX `otp_codes_phone_session_idx` ON `otp_codes` (`phone`,`session_id`,`created_at`);