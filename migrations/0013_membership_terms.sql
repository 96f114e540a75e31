CREATE TABLE `membership_reminders` (
	`user_id` integer NOT NULL,
	`renews_on` text NOT NULL,
	`days_before` integer NOT NULL,
	`sent_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `renews_on`, `days_before`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `membership_renewals` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`previous_renews_on` text NOT NULL,
	`renews_on` text NOT NULL,
	`note` text DEFAULT '' NOT NULL,
	`recorded_by` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`recorded_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `membership_renewals_user_idx` ON `membership_renewals` (`user_id`,`id`);--> statement-breakpoint
ALTER TABLE `users` ADD `member_since` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `renews_on` text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX `users_renews_idx` ON `users` (`renews_on`);