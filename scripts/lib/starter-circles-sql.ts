import { STARTER_CIRCLE_DESCRIPTIONS, STARTER_CIRCLES } from '../../src/shared/schemas/circles';
import { slugify } from '../../src/shared/slug';
import { sqlText } from './wrangler';

/**
 * SQL that gives a new club SPEC's seven Gatherings as open circles hosted by its first admin
 * (issue 39), as modules/circles/circles.ts ensureStarterCircles does for the seed: only while the
 * club has no circle at all (SQLite runs the guarded SELECT to its end before inserting, since it
 * reads the table it writes), so a second admin:create adds nothing.
 */
export function starterCirclesSql(adminEmail: string, now = Date.now()): string {
  const admin = `(SELECT id FROM users WHERE email = ${sqlText(adminEmail)})`;
  const rows = STARTER_CIRCLES.map(
    (name) => `(${sqlText(slugify(name))}, ${sqlText(name)}, ${sqlText(STARTER_CIRCLE_DESCRIPTIONS[name])})`,
  );
  const slugs = STARTER_CIRCLES.map((name) => sqlText(slugify(name))).join(', ');
  return `INSERT INTO circles (slug, name, description, join_mode, archived, member_count, created_by, created_at, updated_at)
SELECT s.column1, s.column2, s.column3, 'open', 0, 1, ${admin}, ${now}, ${now} FROM (VALUES ${rows.join(', ')}) AS s
WHERE NOT EXISTS (SELECT 1 FROM circles);
INSERT INTO circle_members (circle_id, user_id, role, status, muted, joined_at)
SELECT c.id, c.created_by, 'host', 'member', 0, ${now} FROM circles AS c
WHERE c.slug IN (${slugs}) AND c.created_by = ${admin} AND c.created_at = ${now};`;
}
