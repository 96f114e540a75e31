ALTER TABLE `images` ADD `context` text DEFAULT 'gallery' NOT NULL;--> statement-breakpoint
CREATE INDEX `images_home_photos_idx` ON `images` (`created_at`) WHERE context = 'home';