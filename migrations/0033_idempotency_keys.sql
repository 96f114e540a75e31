CREATE TABLE `idempotency_keys` (
	`owner` text NOT NULL,
	`key` text NOT NULL,
	`route` text NOT NULL,
	`status` integer,
	`content_type` text,
	`location` text,
	`body` text,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`owner`, `key`)
);
--> statement-breakpoint
CREATE INDEX `idempotency_keys_created_idx` ON `idempotency_keys` (`created_at`);