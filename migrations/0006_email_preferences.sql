CREATE TABLE `email_opt_outs` (
	`user_id` integer NOT NULL,
	`category` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `category`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
