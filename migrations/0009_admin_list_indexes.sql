CREATE INDEX `email_messages_kind_idx` ON `email_messages` (`kind`);--> statement-breakpoint
CREATE INDEX `applications_created_idx` ON `applications` (`created_at`);--> statement-breakpoint
CREATE INDEX `invitation_codes_created_idx` ON `invitation_codes` (`created_at`);--> statement-breakpoint
CREATE INDEX `users_name_idx` ON `users` ("name" COLLATE NOCASE);