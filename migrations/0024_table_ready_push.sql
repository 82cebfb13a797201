CREATE TABLE `table_ready_subscriptions` (
	`id` integer PRIMARY KEY NOT NULL,
	`table_session_id` text NOT NULL,
	`member_id` text NOT NULL,
	`restaurant_id` text NOT NULL,
	`endpoint` text NOT NULL,
	`p256dh` text NOT NULL,
	`auth` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`table_session_id`) REFERENCES `table_sessions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `table_ready_subscriptions_session_endpoint_uq` ON `table_ready_subscriptions` (`table_session_id`,`endpoint`);