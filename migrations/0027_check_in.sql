CREATE TABLE `event_co_hosts` (
	`event_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`event_id`, `user_id`),
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `event_co_hosts_user_idx` ON `event_co_hosts` (`user_id`);--> statement-breakpoint
CREATE TABLE `event_feedback` (
	`event_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`stars` integer NOT NULL,
	`comment` text,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`event_id`, `user_id`),
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "event_feedback_stars" CHECK("event_feedback"."stars" BETWEEN 1 AND 5)
);
--> statement-breakpoint
CREATE INDEX `event_feedback_user_idx` ON `event_feedback` (`user_id`);--> statement-breakpoint
CREATE TABLE `event_feedback_requests` (
	`event_id` integer PRIMARY KEY NOT NULL,
	`sent_at` integer NOT NULL,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `event_participants` ADD `checked_in_at` integer;--> statement-breakpoint
ALTER TABLE `event_participants` ADD `walk_in` integer DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX `event_participants_checked_in_idx` ON `event_participants` (`event_id`,`checked_in_at`);