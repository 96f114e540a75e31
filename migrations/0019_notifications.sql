CREATE TABLE `live_presence` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`since` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `notification_actors` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`notification_id` integer NOT NULL,
	`actor_id` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`notification_id`) REFERENCES `notifications`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`actor_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `notification_actors_unique_idx` ON `notification_actors` (`notification_id`,`actor_id`);--> statement-breakpoint
CREATE INDEX `notification_actors_latest_idx` ON `notification_actors` (`notification_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `notification_actors_actor_idx` ON `notification_actors` (`actor_id`);--> statement-breakpoint
CREATE TABLE `notification_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`actor_id` integer,
	`data` text NOT NULL,
	`created_at` integer NOT NULL,
	`claimed_at` integer,
	`processed_at` integer,
	FOREIGN KEY (`actor_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `notification_events_pending_idx` ON `notification_events` (`id`) WHERE processed_at IS NULL;--> statement-breakpoint
CREATE TABLE `notification_preferences` (
	`user_id` integer NOT NULL,
	`kind` text NOT NULL,
	`mode` text NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `kind`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `notification_settings` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`time_zone` text DEFAULT 'UTC' NOT NULL,
	`next_digest_at` integer NOT NULL,
	`last_digest_at` integer,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `notification_settings_digest_idx` ON `notification_settings` (`next_digest_at`);--> statement-breakpoint
CREATE TABLE `notifications` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`kind` text NOT NULL,
	`target` text NOT NULL,
	`url` text NOT NULL,
	`subject` text DEFAULT '' NOT NULL,
	`detail` text,
	`flags` integer DEFAULT 0 NOT NULL,
	`count` integer DEFAULT 1 NOT NULL,
	`created_at` integer NOT NULL,
	`read_at` integer,
	`last_event_id` integer NOT NULL,
	`email_state` text DEFAULT 'none' NOT NULL,
	`email_due_at` integer,
	`emailed_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `notifications_unread_idx` ON `notifications` (`user_id`,`kind`,`target`) WHERE read_at IS NULL;--> statement-breakpoint
CREATE INDEX `notifications_user_idx` ON `notifications` (`user_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `notifications_unread_list_idx` ON `notifications` (`user_id`,`created_at`,`id`) WHERE read_at IS NULL;--> statement-breakpoint
CREATE INDEX `notifications_target_idx` ON `notifications` (`user_id`,`kind`,`target`,`emailed_at`);--> statement-breakpoint
CREATE INDEX `notifications_event_idx` ON `notifications` (`last_event_id`);--> statement-breakpoint
CREATE INDEX `notifications_email_due_idx` ON `notifications` (`email_due_at`) WHERE email_state = 'pending';--> statement-breakpoint
CREATE INDEX `notifications_read_idx` ON `notifications` (`read_at`);