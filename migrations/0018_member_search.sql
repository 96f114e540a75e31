-- Issue 22: the members directory's search, an FTS5 index of name, title, company and city
-- (modules/members/search.ts queries it). drizzle-kit cannot describe a virtual table, a view or a
-- trigger, so this migration was made with `drizzle-kit generate --custom`.
--
-- Privacy: a field she keeps to admins is indexed in the admin_* columns only. A member's search
-- names the columns {name title company city}, so it can never match a hidden value; an admin's
-- search reads every column. Her name is always shown, so it has no hidden twin.
--
-- In step: the triggers below rewrite a member's row in the same statement that changes her
-- profile or her name (or removes her), so the index never differs from what it indexes. Tokens
-- are unicode61 with diacritics removed ('ines' finds 'Inès'); prefixes of 2 and 3 characters
-- have their own index, so a prefix search ('fin*') reads no whole index.
CREATE VIRTUAL TABLE `member_search` USING fts5(
	name, title, company, city, admin_title, admin_company, admin_city,
	tokenize = 'unicode61 remove_diacritics 2',
	prefix = '2 3'
);
--> statement-breakpoint
-- What the index holds of each member: every member, with or without a profile row.
CREATE VIEW `member_search_source` AS
SELECT
	u.id AS user_id,
	u.name AS name,
	CASE WHEN json_extract(p.visibility, '$.title') = 'admins' THEN '' ELSE coalesce(p.title, '') END AS title,
	CASE WHEN json_extract(p.visibility, '$.company') = 'admins' THEN '' ELSE coalesce(p.company, '') END AS company,
	CASE WHEN json_extract(p.visibility, '$.city') = 'admins' THEN '' ELSE coalesce(p.city, '') END AS city,
	CASE WHEN json_extract(p.visibility, '$.title') = 'admins' THEN p.title ELSE '' END AS admin_title,
	CASE WHEN json_extract(p.visibility, '$.company') = 'admins' THEN p.company ELSE '' END AS admin_company,
	CASE WHEN json_extract(p.visibility, '$.city') = 'admins' THEN p.city ELSE '' END AS admin_city
FROM users u
LEFT JOIN member_profiles p ON p.user_id = u.id;
--> statement-breakpoint
INSERT INTO member_search (rowid, name, title, company, city, admin_title, admin_company, admin_city)
SELECT user_id, name, title, company, city, admin_title, admin_company, admin_city FROM member_search_source;
--> statement-breakpoint
CREATE TRIGGER `member_search_user_insert` AFTER INSERT ON `users` BEGIN
	INSERT INTO member_search (rowid, name, title, company, city, admin_title, admin_company, admin_city)
	SELECT user_id, name, title, company, city, admin_title, admin_company, admin_city FROM member_search_source WHERE user_id = NEW.id;
END;
--> statement-breakpoint
CREATE TRIGGER `member_search_user_name` AFTER UPDATE OF name ON `users` BEGIN
	DELETE FROM member_search WHERE rowid = NEW.id;
	INSERT INTO member_search (rowid, name, title, company, city, admin_title, admin_company, admin_city)
	SELECT user_id, name, title, company, city, admin_title, admin_company, admin_city FROM member_search_source WHERE user_id = NEW.id;
END;
--> statement-breakpoint
CREATE TRIGGER `member_search_user_delete` AFTER DELETE ON `users` BEGIN
	DELETE FROM member_search WHERE rowid = OLD.id;
END;
--> statement-breakpoint
CREATE TRIGGER `member_search_profile_insert` AFTER INSERT ON `member_profiles` BEGIN
	DELETE FROM member_search WHERE rowid = NEW.user_id;
	INSERT INTO member_search (rowid, name, title, company, city, admin_title, admin_company, admin_city)
	SELECT user_id, name, title, company, city, admin_title, admin_company, admin_city FROM member_search_source WHERE user_id = NEW.user_id;
END;
--> statement-breakpoint
CREATE TRIGGER `member_search_profile_update` AFTER UPDATE OF title, company, city, visibility ON `member_profiles` BEGIN
	DELETE FROM member_search WHERE rowid = NEW.user_id;
	INSERT INTO member_search (rowid, name, title, company, city, admin_title, admin_company, admin_city)
	SELECT user_id, name, title, company, city, admin_title, admin_company, admin_city FROM member_search_source WHERE user_id = NEW.user_id;
END;
--> statement-breakpoint
-- A profile removed while she stays (or with her account: then the source has no row for her).
CREATE TRIGGER `member_search_profile_delete` AFTER DELETE ON `member_profiles` BEGIN
	DELETE FROM member_search WHERE rowid = OLD.user_id;
	INSERT INTO member_search (rowid, name, title, company, city, admin_title, admin_company, admin_city)
	SELECT user_id, name, title, company, city, admin_title, admin_company, admin_city FROM member_search_source WHERE user_id = OLD.user_id;
END;
