ALTER TABLE `comments` ADD `parent_id` integer;--> statement-breakpoint
CREATE INDEX `comments_parent_idx` ON `comments` (`parent_id`,`created_at`);