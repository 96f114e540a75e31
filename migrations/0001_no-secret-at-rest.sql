DROP INDEX `users_calendar_token_unique`;--> statement-breakpoint
ALTER TABLE `users` ADD `calendar_feed_nonce` text;--> statement-breakpoint
ALTER TABLE `users` DROP COLUMN `calendar_token`;--> statement-breakpoint
ALTER TABLE `email_messages` ADD `body` text;--> statement-breakpoint
ALTER TABLE `email_messages` DROP COLUMN `html`;--> statement-breakpoint
ALTER TABLE `email_messages` DROP COLUMN `text`;--> statement-breakpoint
ALTER TABLE `email_messages` DROP COLUMN `attachments`;