CREATE TABLE `event_reminders` (
	`event_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`sent_at` integer NOT NULL,
	PRIMARY KEY(`event_id`, `user_id`),
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `event_reminders_user_idx` ON `event_reminders` (`user_id`);--> statement-breakpoint
CREATE TABLE `event_waitlist` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`event_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `event_waitlist_member_idx` ON `event_waitlist` (`event_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `event_waitlist_event_idx` ON `event_waitlist` (`event_id`,`id`);--> statement-breakpoint
CREATE INDEX `event_waitlist_user_idx` ON `event_waitlist` (`user_id`);--> statement-breakpoint
ALTER TABLE `events` ADD `capacity` integer;