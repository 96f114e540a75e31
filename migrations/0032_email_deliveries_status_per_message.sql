DROP INDEX `email_deliveries_message_idx`;--> statement-breakpoint
CREATE INDEX `email_deliveries_message_idx` ON `email_deliveries` (`message_id`,`status`);