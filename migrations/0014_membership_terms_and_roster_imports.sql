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
CREATE TABLE `roster_import_rows` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`import_id` integer NOT NULL,
	`line` integer NOT NULL,
	`email` text NOT NULL,
	`name` text NOT NULL,
	`type` text,
	`member_since` text,
	`renews_on` text,
	`phone` text,
	`city` text,
	`country` text,
	`status` text NOT NULL,
	`errors` text NOT NULL,
	`invite_email` text,
	`invitation_expires_at` integer,
	FOREIGN KEY (`import_id`) REFERENCES `roster_imports`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `roster_import_rows_import_idx` ON `roster_import_rows` (`import_id`,`line`);--> statement-breakpoint
CREATE UNIQUE INDEX `roster_import_rows_invite_idx` ON `roster_import_rows` (`invite_email`) WHERE "roster_import_rows"."invite_email" IS NOT NULL;--> statement-breakpoint
CREATE TABLE `roster_imports` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`created_by` integer,
	`file_name` text NOT NULL,
	`counts` text NOT NULL,
	`unknown_columns` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
ALTER TABLE `tokens` ADD `import_row_id` integer REFERENCES roster_import_rows(id);--> statement-breakpoint
CREATE INDEX `tokens_email_idx` ON `tokens` (`email`,`purpose`);--> statement-breakpoint
ALTER TABLE `users` ADD `member_since` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `renews_on` text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX `users_renews_idx` ON `users` (`renews_on`);--> statement-breakpoint
CREATE INDEX `applications_email_idx` ON `applications` (`email`);