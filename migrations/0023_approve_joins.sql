ALTER TABLE `table_members` ADD `pending` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `table_sessions` ADD `approve_joins` integer DEFAULT false NOT NULL;