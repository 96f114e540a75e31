CREATE TABLE `circle_members` (
	`circle_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`role` text DEFAULT 'member' NOT NULL,
	`status` text DEFAULT 'member' NOT NULL,
	`muted` integer DEFAULT false NOT NULL,
	`joined_at` integer NOT NULL,
	PRIMARY KEY(`circle_id`, `user_id`),
	FOREIGN KEY (`circle_id`) REFERENCES `circles`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `circle_members_user_idx` ON `circle_members` (`user_id`,`status`);--> statement-breakpoint
CREATE INDEX `circle_members_list_idx` ON `circle_members` (`circle_id`,`status`,`joined_at`,`user_id`);--> statement-breakpoint
CREATE INDEX `circle_members_hosts_idx` ON `circle_members` (`circle_id`,`user_id`) WHERE role = 'host';--> statement-breakpoint
CREATE TABLE `circle_post_images` (
	`post_id` integer NOT NULL,
	`image_id` integer NOT NULL,
	`position` integer NOT NULL,
	PRIMARY KEY(`post_id`, `image_id`),
	FOREIGN KEY (`post_id`) REFERENCES `circle_posts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`image_id`) REFERENCES `images`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `circle_post_images_image_idx` ON `circle_post_images` (`image_id`);--> statement-breakpoint
CREATE TABLE `circle_post_likes` (
	`post_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`post_id`, `user_id`),
	FOREIGN KEY (`post_id`) REFERENCES `circle_posts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `circle_post_likes_user_idx` ON `circle_post_likes` (`user_id`);--> statement-breakpoint
CREATE TABLE `circle_posts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`circle_id` integer NOT NULL,
	`author_id` integer,
	`title` text NOT NULL,
	`body` text NOT NULL,
	`pinned_at` integer,
	`closed_at` integer,
	`removed_at` integer,
	`removed_by` integer,
	`comment_count` integer DEFAULT 0 NOT NULL,
	`like_count` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer,
	`last_activity_at` integer NOT NULL,
	FOREIGN KEY (`circle_id`) REFERENCES `circles`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`author_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`removed_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `circle_posts_activity_idx` ON `circle_posts` (`circle_id`,`last_activity_at`,`id`);--> statement-breakpoint
CREATE INDEX `circle_posts_pinned_idx` ON `circle_posts` (`circle_id`,`pinned_at`) WHERE pinned_at IS NOT NULL;--> statement-breakpoint
CREATE INDEX `circle_posts_author_idx` ON `circle_posts` (`author_id`);--> statement-breakpoint
CREATE TABLE `circle_proposals` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`description` text NOT NULL,
	`reason` text NOT NULL,
	`proposed_by` integer NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`decided_by` integer,
	`decided_at` integer,
	`circle_id` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`proposed_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`decided_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`circle_id`) REFERENCES `circles`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `circle_proposals_status_idx` ON `circle_proposals` (`status`,`id`);--> statement-breakpoint
CREATE INDEX `circle_proposals_member_idx` ON `circle_proposals` (`proposed_by`);--> statement-breakpoint
CREATE TABLE `circles` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`slug` text NOT NULL,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`cover_image_id` integer,
	`join_mode` text DEFAULT 'open' NOT NULL,
	`archived` integer DEFAULT false NOT NULL,
	`member_count` integer DEFAULT 0 NOT NULL,
	`created_by` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`cover_image_id`) REFERENCES `images`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `circles_slug_unique` ON `circles` (`slug`);--> statement-breakpoint
CREATE UNIQUE INDEX `circles_name_idx` ON `circles` (lower("name"));--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_comment_likes` (
	`comment_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`comment_id`, `user_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_comment_likes`("comment_id", "user_id", "created_at") SELECT "comment_id", "user_id", "created_at" FROM `comment_likes`;--> statement-breakpoint
DROP TABLE `comment_likes`;--> statement-breakpoint
ALTER TABLE `__new_comment_likes` RENAME TO `comment_likes`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
ALTER TABLE `comments` ADD `post_id` integer REFERENCES circle_posts(id);--> statement-breakpoint
ALTER TABLE `comments` ADD `removed_at` integer;--> statement-breakpoint
ALTER TABLE `comments` ADD `removed_by` integer REFERENCES users(id);--> statement-breakpoint
CREATE INDEX `comments_post_idx` ON `comments` (`post_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `events` ADD `circle_id` integer REFERENCES circles(id);--> statement-breakpoint
CREATE INDEX `events_circle_idx` ON `events` (`circle_id`,`starts_at`);--> statement-breakpoint
CREATE INDEX `images_post_photos_idx` ON `images` (`created_at`) WHERE context = 'post';