CREATE TABLE `member_activity` (
	`user_id` integer NOT NULL,
	`day` text NOT NULL,
	`first_at` integer NOT NULL,
	`last_at` integer NOT NULL,
	`signed_in_at` integer,
	PRIMARY KEY(`user_id`, `day`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `member_activity_first_idx` ON `member_activity` (`first_at`,`user_id`);--> statement-breakpoint
DROP INDEX `event_participants_user_idx`;--> statement-breakpoint
CREATE INDEX `event_participants_joined_idx` ON `event_participants` (`joined_at`,`user_id`);--> statement-breakpoint
CREATE INDEX `event_participants_user_idx` ON `event_participants` (`user_id`,`joined_at`);--> statement-breakpoint
CREATE INDEX `comments_created_idx` ON `comments` (`created_at`,`user_id`);--> statement-breakpoint
CREATE INDEX `comments_user_idx` ON `comments` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `images_uploader_idx` ON `images` (`uploaded_by`,`created_at`);--> statement-breakpoint
CREATE INDEX `messages_created_idx` ON `messages` (`created_at`,`author_id`);