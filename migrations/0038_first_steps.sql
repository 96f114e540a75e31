ALTER TABLE `member_profiles` ADD `directory_chosen_at` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `first_steps_dismissed_at` integer;