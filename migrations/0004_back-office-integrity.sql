ALTER TABLE `audit_log` ADD `action` text DEFAULT 'request' NOT NULL;--> statement-breakpoint
ALTER TABLE `audit_log` ADD `target_type` text;--> statement-breakpoint
ALTER TABLE `audit_log` ADD `target_id` text;--> statement-breakpoint
ALTER TABLE `audit_log` ADD `summary` text;--> statement-breakpoint
ALTER TABLE `audit_log` ADD `before` text;--> statement-breakpoint
ALTER TABLE `audit_log` ADD `after` text;--> statement-breakpoint
CREATE INDEX `audit_log_restaurant_created_idx` ON `audit_log` (`restaurant_id`,`created_at`);--> statement-breakpoint
-- The audit log is append-only: nothing may rewrite or remove an entry (docs/decisions/113).
CREATE TRIGGER `audit_log_no_update` BEFORE UPDATE ON `audit_log` BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END;--> statement-breakpoint
CREATE TRIGGER `audit_log_no_delete` BEFORE DELETE ON `audit_log` BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END;
