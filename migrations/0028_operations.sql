CREATE TABLE `object_deletions` (
	`key` text PRIMARY KEY NOT NULL,
	`since` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `dead_letters` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`message_id` text NOT NULL,
	`payload` text NOT NULL,
	`summary` text NOT NULL,
	`last_error` text,
	`dead_at` integer NOT NULL,
	`status` text DEFAULT 'waiting' NOT NULL,
	`handled_at` integer,
	`handled_by` integer,
	FOREIGN KEY (`handled_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `dead_letters_message_idx` ON `dead_letters` (`kind`,`message_id`);--> statement-breakpoint
CREATE INDEX `dead_letters_status_idx` ON `dead_letters` (`status`,`id`);--> statement-breakpoint
CREATE INDEX `dead_letters_handled_idx` ON `dead_letters` (`handled_at`) WHERE handled_at IS NOT NULL;--> statement-breakpoint
CREATE TABLE `queue_failures` (
	`kind` text NOT NULL,
	`message_id` text NOT NULL,
	`error` text NOT NULL,
	`failed_at` integer NOT NULL,
	PRIMARY KEY(`kind`, `message_id`)
);
--> statement-breakpoint
CREATE INDEX `queue_failures_failed_idx` ON `queue_failures` (`failed_at`);