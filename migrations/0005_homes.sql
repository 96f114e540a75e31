CREATE TABLE `home_availability` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`home_id` integer NOT NULL,
	`start_date` text NOT NULL,
	`end_date` text NOT NULL,
	FOREIGN KEY (`home_id`) REFERENCES `homes`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `home_availability_home_idx` ON `home_availability` (`home_id`,`start_date`);--> statement-breakpoint
CREATE TABLE `home_images` (
	`home_id` integer NOT NULL,
	`image_id` integer NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`home_id`, `image_id`),
	FOREIGN KEY (`home_id`) REFERENCES `homes`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`image_id`) REFERENCES `images`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `home_images_image_idx` ON `home_images` (`image_id`);--> statement-breakpoint
CREATE TABLE `home_stays` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`home_id` integer NOT NULL,
	`guest_id` integer NOT NULL,
	`host_id` integer NOT NULL,
	`start_date` text NOT NULL,
	`end_date` text NOT NULL,
	`guests` integer NOT NULL,
	`message` text DEFAULT '' NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`host_message` text DEFAULT '' NOT NULL,
	`decided_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`home_id`) REFERENCES `homes`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`guest_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`host_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `home_stays_home_idx` ON `home_stays` (`home_id`,`status`,`start_date`);--> statement-breakpoint
CREATE INDEX `home_stays_guest_idx` ON `home_stays` (`guest_id`,`id`);--> statement-breakpoint
CREATE INDEX `home_stays_host_idx` ON `home_stays` (`host_id`,`id`);--> statement-breakpoint
CREATE TABLE `homes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`host_id` integer NOT NULL,
	`property_id` integer,
	`state` text DEFAULT 'draft' NOT NULL,
	`title` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`city` text DEFAULT '' NOT NULL,
	`region` text DEFAULT '' NOT NULL,
	`country` text DEFAULT '' NOT NULL,
	`country_key` text DEFAULT '' NOT NULL,
	`address` text DEFAULT '' NOT NULL,
	`bedrooms` integer DEFAULT 1 NOT NULL,
	`max_guests` integer DEFAULT 1 NOT NULL,
	`amenities` text NOT NULL,
	`house_rules` text DEFAULT '' NOT NULL,
	`hidden_by` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`host_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`property_id`) REFERENCES `properties`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`hidden_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `homes_state_idx` ON `homes` (`state`,`id`);--> statement-breakpoint
CREATE INDEX `homes_country_idx` ON `homes` (`state`,`country_key`,`id`);--> statement-breakpoint
CREATE INDEX `homes_host_idx` ON `homes` (`host_id`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `homes_property_idx` ON `homes` (`property_id`);