CREATE INDEX `events_ends_idx` ON `events` (`ends_at`);--> statement-breakpoint
CREATE INDEX `events_duration_idx` ON `events` (("ends_at" - "starts_at"));