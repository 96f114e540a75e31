CREATE TABLE `login_failures` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`account_hash` text NOT NULL,
	`address_hash` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `login_failures_account_idx` ON `login_failures` (`account_hash`,`created_at`);--> statement-breakpoint
CREATE INDEX `login_failures_created_idx` ON `login_failures` (`created_at`);