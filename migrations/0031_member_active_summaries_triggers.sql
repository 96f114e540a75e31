-- Custom SQL migration file, put your code below! --
-- Issue 42: the summaries Insights counts active members from (src/worker/db/schema/member-activity.ts).
-- drizzle-kit cannot describe triggers (ADR 0021): they are here, made with `drizzle-kit generate --custom`.
-- First the summaries of what the club's tables already hold (each source's first moment in each
-- quarter hour of each member), then the months from the quarter hours, then the triggers that keep
-- both as the tables are written: whoever inserts a participation, a comment, an upload, a message,
-- a post or a day of visits (the app, the seed, an import, raw SQL) records the member's activity in
-- the same statement. A row is written only for a member's first moment in a quarter hour (or an
-- earlier one, for rows inserted out of order): at most one write a member and quarter hour.
INSERT INTO `member_active_quarter_hours` (`user_id`, `quarter_hour`, `at`)
SELECT `user_id`, `first_at` / 900000, min(`first_at`) FROM `member_activity` WHERE `user_id` IS NOT NULL GROUP BY 1, 2
ON CONFLICT DO UPDATE SET `at` = excluded.`at` WHERE excluded.`at` < `at`;
--> statement-breakpoint
INSERT INTO `member_active_quarter_hours` (`user_id`, `quarter_hour`, `at`)
SELECT `user_id`, `last_at` / 900000, min(`last_at`) FROM `member_activity` WHERE `user_id` IS NOT NULL GROUP BY 1, 2
ON CONFLICT DO UPDATE SET `at` = excluded.`at` WHERE excluded.`at` < `at`;
--> statement-breakpoint
INSERT INTO `member_active_quarter_hours` (`user_id`, `quarter_hour`, `at`)
SELECT `user_id`, `joined_at` / 900000, min(`joined_at`) FROM `event_participants` WHERE `user_id` IS NOT NULL GROUP BY 1, 2
ON CONFLICT DO UPDATE SET `at` = excluded.`at` WHERE excluded.`at` < `at`;
--> statement-breakpoint
INSERT INTO `member_active_quarter_hours` (`user_id`, `quarter_hour`, `at`)
SELECT `user_id`, `created_at` / 900000, min(`created_at`) FROM `comments` WHERE `user_id` IS NOT NULL GROUP BY 1, 2
ON CONFLICT DO UPDATE SET `at` = excluded.`at` WHERE excluded.`at` < `at`;
--> statement-breakpoint
INSERT INTO `member_active_quarter_hours` (`user_id`, `quarter_hour`, `at`)
SELECT `uploaded_by`, `created_at` / 900000, min(`created_at`) FROM `images` WHERE `uploaded_by` IS NOT NULL GROUP BY 1, 2
ON CONFLICT DO UPDATE SET `at` = excluded.`at` WHERE excluded.`at` < `at`;
--> statement-breakpoint
INSERT INTO `member_active_quarter_hours` (`user_id`, `quarter_hour`, `at`)
SELECT `author_id`, `created_at` / 900000, min(`created_at`) FROM `messages` WHERE `author_id` IS NOT NULL GROUP BY 1, 2
ON CONFLICT DO UPDATE SET `at` = excluded.`at` WHERE excluded.`at` < `at`;
--> statement-breakpoint
INSERT INTO `member_active_quarter_hours` (`user_id`, `quarter_hour`, `at`)
SELECT `author_id`, `created_at` / 900000, min(`created_at`) FROM `circle_posts` WHERE `author_id` IS NOT NULL GROUP BY 1, 2
ON CONFLICT DO UPDATE SET `at` = excluded.`at` WHERE excluded.`at` < `at`;
--> statement-breakpoint
INSERT INTO `member_active_months` (`user_id`, `month`, `first_at`)
SELECT `user_id`, strftime('%Y-%m', (`at` - 43200000) / 1000, 'unixepoch'), min(`at`) FROM `member_active_quarter_hours` GROUP BY 1, 2;
--> statement-breakpoint
-- The months are those of UTC-12 (43,200,000 ms behind UTC); first_at only ever moves earlier.
CREATE TRIGGER `member_active_quarter_hours_month_insert` AFTER INSERT ON `member_active_quarter_hours`
BEGIN
	INSERT INTO `member_active_months` (`user_id`, `month`, `first_at`) VALUES (NEW.`user_id`, strftime('%Y-%m', (NEW.`at` - 43200000) / 1000, 'unixepoch'), NEW.`at`)
		ON CONFLICT DO UPDATE SET `first_at` = excluded.`first_at` WHERE excluded.`first_at` < `first_at`;
END;
--> statement-breakpoint
CREATE TRIGGER `member_active_quarter_hours_month_update` AFTER UPDATE OF `at` ON `member_active_quarter_hours`
BEGIN
	INSERT INTO `member_active_months` (`user_id`, `month`, `first_at`) VALUES (NEW.`user_id`, strftime('%Y-%m', (NEW.`at` - 43200000) / 1000, 'unixepoch'), NEW.`at`)
		ON CONFLICT DO UPDATE SET `first_at` = excluded.`first_at` WHERE excluded.`first_at` < `first_at`;
END;
--> statement-breakpoint
-- A day of visits: her first moment that day, then each hourly move of its last_at (modules/insights/activity.ts).
CREATE TRIGGER `member_activity_active_insert` AFTER INSERT ON `member_activity`
BEGIN
	INSERT INTO `member_active_quarter_hours` (`user_id`, `quarter_hour`, `at`) VALUES (NEW.`user_id`, NEW.`first_at` / 900000, NEW.`first_at`)
		ON CONFLICT DO UPDATE SET `at` = excluded.`at` WHERE excluded.`at` < `at`;
	INSERT INTO `member_active_quarter_hours` (`user_id`, `quarter_hour`, `at`) VALUES (NEW.`user_id`, NEW.`last_at` / 900000, NEW.`last_at`)
		ON CONFLICT DO UPDATE SET `at` = excluded.`at` WHERE excluded.`at` < `at`;
END;
--> statement-breakpoint
CREATE TRIGGER `member_activity_active_update` AFTER UPDATE OF `last_at` ON `member_activity`
BEGIN
	INSERT INTO `member_active_quarter_hours` (`user_id`, `quarter_hour`, `at`) VALUES (NEW.`user_id`, NEW.`last_at` / 900000, NEW.`last_at`)
		ON CONFLICT DO UPDATE SET `at` = excluded.`at` WHERE excluded.`at` < `at`;
END;
--> statement-breakpoint
-- An event joined.
CREATE TRIGGER `event_participants_active_insert` AFTER INSERT ON `event_participants`
WHEN NEW.`user_id` IS NOT NULL
BEGIN
	INSERT INTO `member_active_quarter_hours` (`user_id`, `quarter_hour`, `at`) VALUES (NEW.`user_id`, NEW.`joined_at` / 900000, NEW.`joined_at`)
		ON CONFLICT DO UPDATE SET `at` = excluded.`at` WHERE excluded.`at` < `at`;
END;
--> statement-breakpoint
-- A comment.
CREATE TRIGGER `comments_active_insert` AFTER INSERT ON `comments`
WHEN NEW.`user_id` IS NOT NULL
BEGIN
	INSERT INTO `member_active_quarter_hours` (`user_id`, `quarter_hour`, `at`) VALUES (NEW.`user_id`, NEW.`created_at` / 900000, NEW.`created_at`)
		ON CONFLICT DO UPDATE SET `at` = excluded.`at` WHERE excluded.`at` < `at`;
END;
--> statement-breakpoint
-- An upload.
CREATE TRIGGER `images_active_insert` AFTER INSERT ON `images`
WHEN NEW.`uploaded_by` IS NOT NULL
BEGIN
	INSERT INTO `member_active_quarter_hours` (`user_id`, `quarter_hour`, `at`) VALUES (NEW.`uploaded_by`, NEW.`created_at` / 900000, NEW.`created_at`)
		ON CONFLICT DO UPDATE SET `at` = excluded.`at` WHERE excluded.`at` < `at`;
END;
--> statement-breakpoint
-- A message.
CREATE TRIGGER `messages_active_insert` AFTER INSERT ON `messages`
WHEN NEW.`author_id` IS NOT NULL
BEGIN
	INSERT INTO `member_active_quarter_hours` (`user_id`, `quarter_hour`, `at`) VALUES (NEW.`author_id`, NEW.`created_at` / 900000, NEW.`created_at`)
		ON CONFLICT DO UPDATE SET `at` = excluded.`at` WHERE excluded.`at` < `at`;
END;
--> statement-breakpoint
-- A post in a circle.
CREATE TRIGGER `circle_posts_active_insert` AFTER INSERT ON `circle_posts`
WHEN NEW.`author_id` IS NOT NULL
BEGIN
	INSERT INTO `member_active_quarter_hours` (`user_id`, `quarter_hour`, `at`) VALUES (NEW.`author_id`, NEW.`created_at` / 900000, NEW.`created_at`)
		ON CONFLICT DO UPDATE SET `at` = excluded.`at` WHERE excluded.`at` < `at`;
END;
