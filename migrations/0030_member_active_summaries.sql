CREATE TABLE `member_active_months` (
	`user_id` integer NOT NULL,
	`month` text NOT NULL,
	`first_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `month`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `member_active_months_month_idx` ON `member_active_months` (`month`,`first_at`);--> statement-breakpoint
CREATE TABLE `member_active_quarter_hours` (
	`user_id` integer NOT NULL,
	`quarter_hour` integer NOT NULL,
	`at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `quarter_hour`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `member_active_quarter_hours_at_idx` ON `member_active_quarter_hours` (`at`,`user_id`);