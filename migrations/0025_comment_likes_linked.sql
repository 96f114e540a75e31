PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_comment_likes` (
	`comment_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`comment_id`, `user_id`),
	FOREIGN KEY (`comment_id`) REFERENCES `comments`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_comment_likes`("comment_id", "user_id", "created_at") SELECT "comment_id", "user_id", "created_at" FROM `comment_likes`;--> statement-breakpoint
DROP TABLE `comment_likes`;--> statement-breakpoint
ALTER TABLE `__new_comment_likes` RENAME TO `comment_likes`;--> statement-breakpoint
PRAGMA foreign_keys=ON;