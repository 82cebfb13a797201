-- The venue's live log moves from its hub's Durable Object storage into the venue's database (docs/decisions/154):
-- each event is written in the batch of the change it announces. WITHOUT ROWID: the rows live in their primary
-- key's B-tree, so the log keeps one B-tree, not a table and an index of the same columns.
CREATE TABLE `live_events` (
	`restaurant_id` text NOT NULL,
	`seq` integer NOT NULL,
	`order_id` text NOT NULL,
	`from_status` text,
	`to_status` text NOT NULL,
	`created_at` text NOT NULL,
	PRIMARY KEY(`restaurant_id`, `seq`)
) WITHOUT ROWID;
