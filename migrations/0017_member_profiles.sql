CREATE TABLE `member_profiles` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`title` text DEFAULT '' NOT NULL,
	`company` text DEFAULT '' NOT NULL,
	`city` text DEFAULT '' NOT NULL,
	`country` text DEFAULT '' NOT NULL,
	`industry` text DEFAULT '' NOT NULL,
	`interests` text DEFAULT '[]' NOT NULL,
	`bio` text DEFAULT '' NOT NULL,
	`linkedin` text DEFAULT '' NOT NULL,
	`website` text DEFAULT '' NOT NULL,
	`phone` text DEFAULT '' NOT NULL,
	`visibility` text DEFAULT '{}' NOT NULL,
	`directory` integer DEFAULT true NOT NULL,
	`photo_key` text,
	`photo_small_key` text,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `member_profiles_photo_idx` ON `member_profiles` (`photo_key`);--> statement-breakpoint
CREATE UNIQUE INDEX `member_profiles_photo_small_idx` ON `member_profiles` (`photo_small_key`);