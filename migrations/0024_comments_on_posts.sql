PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_comments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`event_id` integer,
	`image_id` integer,
	`post_id` integer,
	`user_id` integer,
	`content` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer,
	`removed_at` integer,
	`removed_by` integer,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`image_id`) REFERENCES `images`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`post_id`) REFERENCES `circle_posts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`removed_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "comments_one_parent" CHECK(("__new_comments"."event_id" IS NOT NULL) + ("__new_comments"."image_id" IS NOT NULL) + ("__new_comments"."post_id" IS NOT NULL) = 1)
);
--> statement-breakpoint
INSERT INTO `__new_comments`("id", "event_id", "image_id", "post_id", "user_id", "content", "created_at", "updated_at", "removed_at", "removed_by") SELECT "id", "event_id", "image_id", "post_id", "user_id", "content", "created_at", "updated_at", "removed_at", "removed_by" FROM `comments`;--> statement-breakpoint
DROP TABLE `comments`;--> statement-breakpoint
ALTER TABLE `__new_comments` RENAME TO `comments`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `comments_event_idx` ON `comments` (`event_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `comments_image_idx` ON `comments` (`image_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `comments_created_idx` ON `comments` (`created_at`,`user_id`);--> statement-breakpoint
CREATE INDEX `comments_user_idx` ON `comments` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `comments_post_idx` ON `comments` (`post_id`,`created_at`);