CREATE INDEX `email_deliveries_status_idx` ON `email_deliveries` (`status`,`claimed_at`);--> statement-breakpoint
CREATE INDEX `tokens_expires_idx` ON `tokens` (`expires_at`);--> statement-breakpoint
CREATE INDEX `tokens_used_idx` ON `tokens` (`used_at`);--> statement-breakpoint
CREATE INDEX `two_factor_challenges_expires_idx` ON `two_factor_challenges` (`expires_at`);--> statement-breakpoint
CREATE INDEX `sessions_expires_idx` ON `sessions` (`expires_at`);--> statement-breakpoint
CREATE INDEX `sessions_last_seen_idx` ON `sessions` (`last_seen_at`);