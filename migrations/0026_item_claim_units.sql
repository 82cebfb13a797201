-- A line of quantity n can be shared by up to n members, by units (docs/decisions/239): a claim is one member's units
-- of a line, keyed by line and member. Nothing references tab_claims, so it is rebuilt in place, foreign keys on as
-- D1 keeps them; a claim made before is of the whole line, so it keeps every unit of it.
CREATE TABLE `__new_tab_claims` (
	`order_item_id` integer NOT NULL,
	`session_id` text NOT NULL,
	`member_id` text NOT NULL,
	`units` integer DEFAULT 1 NOT NULL,
	`share_id` text,
	`created_at` text NOT NULL,
	PRIMARY KEY(`order_item_id`, `member_id`),
	FOREIGN KEY (`session_id`) REFERENCES `table_sessions`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
INSERT INTO `__new_tab_claims`("order_item_id", "session_id", "member_id", "units", "share_id", "created_at")
SELECT "order_item_id", "session_id", "member_id",
  coalesce((SELECT "quantity" FROM `order_items` WHERE `order_items`."id" = `tab_claims`."order_item_id"), 1),
  "share_id", "created_at"
FROM `tab_claims`;--> statement-breakpoint
DROP TABLE `tab_claims`;--> statement-breakpoint
ALTER TABLE `__new_tab_claims` RENAME TO `tab_claims`;--> statement-breakpoint
CREATE INDEX `tab_claims_session_idx` ON `tab_claims` (`session_id`);
