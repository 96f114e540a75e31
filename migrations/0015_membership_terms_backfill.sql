-- Custom SQL migration file, put your code below! --
-- Issue 24 (DECISIONS "Membership terms"): every member has a term. Members who joined before
-- terms existed start on the day their account was made and renew twelve months later (the 29th
-- of February renews on the 28th, as src/shared/membership-term.ts's addMonths counts).
UPDATE `users` SET
	`member_since` = date(`created_at` / 1000, 'unixepoch'),
	`renews_on` = CASE WHEN strftime('%m-%d', `created_at` / 1000, 'unixepoch') = '02-29'
		THEN date(`created_at` / 1000, 'unixepoch', '-1 day', '+12 months')
		ELSE date(`created_at` / 1000, 'unixepoch', '+12 months') END
WHERE `member_since` = '' OR `renews_on` = '';
--> statement-breakpoint
-- A row inserted without dates (the seed's and admin:create's SQL, any raw insert) gets the same
-- first term from its created_at, so no member is ever without one.
CREATE TRIGGER `users_term_defaults` AFTER INSERT ON `users`
WHEN NEW.`member_since` = '' OR NEW.`renews_on` = ''
BEGIN
	UPDATE `users` SET
		`member_since` = CASE WHEN NEW.`member_since` = '' THEN date(NEW.`created_at` / 1000, 'unixepoch') ELSE NEW.`member_since` END,
		`renews_on` = CASE WHEN NEW.`renews_on` <> '' THEN NEW.`renews_on`
			WHEN NEW.`member_since` <> '' THEN CASE WHEN substr(NEW.`member_since`, 6) = '02-29'
				THEN date(NEW.`member_since`, '-1 day', '+12 months') ELSE date(NEW.`member_since`, '+12 months') END
			WHEN strftime('%m-%d', NEW.`created_at` / 1000, 'unixepoch') = '02-29'
				THEN date(NEW.`created_at` / 1000, 'unixepoch', '-1 day', '+12 months')
			ELSE date(NEW.`created_at` / 1000, 'unixepoch', '+12 months') END
	WHERE `id` = NEW.`id`;
END;
