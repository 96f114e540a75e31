CREATE TABLE `video_uploads` (
	`id` text PRIMARY KEY NOT NULL,
	`uploaded_by` integer,
	`r2_key` text NOT NULL,
	`r2_upload_id` text NOT NULL,
	`content_type` text NOT NULL,
	`name` text NOT NULL,
	`bytes` integer NOT NULL,
	`part_bytes` integer NOT NULL,
	`parts_done` integer DEFAULT 0 NOT NULL,
	`etags` text DEFAULT '[]' NOT NULL,
	`scan` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`uploaded_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `video_uploads_member_idx` ON `video_uploads` (`uploaded_by`);--> statement-breakpoint
CREATE INDEX `video_uploads_updated_idx` ON `video_uploads` (`updated_at`);--> statement-breakpoint
ALTER TABLE `images` ADD `kind` text DEFAULT 'image' NOT NULL;--> statement-breakpoint
ALTER TABLE `images` ADD `duration_ms` integer;