CREATE INDEX `images_display_key_idx` ON `images` (`display_key`);--> statement-breakpoint
CREATE INDEX `images_thumb_key_idx` ON `images` (`thumb_key`);--> statement-breakpoint
CREATE INDEX `tokens_creator_idx` ON `tokens` (`created_by`,`purpose`,`created_at`);