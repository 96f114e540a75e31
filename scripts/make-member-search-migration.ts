/*
 * Writes the SQL of migrations/0034_member_search_all_fields.sql (issue 46, point 8: the directory
 * finds what its cards show). Run once when the migration was made (`drizzle-kit generate --custom`),
 * kept so the next change of the index starts from how this one was built:
 *
 *   npx tsx scripts/make-member-search-migration.ts > migrations/0034_member_search_all_fields.sql
 *
 * The country's names come from Intl.DisplayNames in the club's five languages, long and short
 * (香港 beside 中華人民共和国香港特別行政区; Node's full ICU),
 * beside the club's own English name and the common short forms (UK, USA, UAE): a member finds
 * Mei by "Hong Kong", "香港" or "Hongkong" alike, since a card shows the country's name, not its code.
 */
import { COUNTRY_OPTIONS } from '../src/shared/country-codes';

const LANGUAGES = ['en', 'fr', 'es', 'ja', 'ar'] as const;
const SHORT_FORMS: Record<string, string[]> = { GB: ['UK'], US: ['USA', 'US'], AE: ['UAE'] };

const quote = (s: string) => `'${s.replaceAll("'", "''")}'`;

function namesOf(code: string, clubName: string): string {
  const names = new Set<string>([clubName, ...(SHORT_FORMS[code] ?? [])]);
  for (const lang of LANGUAGES) {
    for (const style of ['long', 'short'] as const) {
      const name = new Intl.DisplayNames([lang], { type: 'region', style }).of(code);
      if (name && name !== code) names.add(name);
    }
  }
  return [...names].join(' ');
}

const SEARCHED = ['title', 'company', 'city', 'country', 'industry', 'interests'] as const;
const COLUMNS = ['name', ...SEARCHED, ...SEARCHED.map((f) => `admin_${f}`)].join(', ');
const REFRESH = (id: string) =>
  `\tDELETE FROM member_search WHERE rowid = ${id};\n\tINSERT INTO member_search (rowid, ${COLUMNS})\n\tSELECT user_id, ${COLUMNS} FROM member_search_source WHERE user_id = ${id};`;

/** What members see of a field (empty when she keeps it to admins), and its admins-only twin. */
function shownAndHidden(field: (typeof SEARCHED)[number], value: string): [string, string] {
  const hidden = `json_extract(p.visibility, '$.${field}') = 'admins'`;
  return [
    `\tCASE WHEN ${hidden} THEN '' ELSE coalesce(${value}, '') END AS ${field}`,
    `\tCASE WHEN ${hidden} THEN coalesce(${value}, '') ELSE '' END AS admin_${field}`,
  ];
}

const VALUE: Record<(typeof SEARCHED)[number], string> = {
  title: 'p.title',
  company: 'p.company',
  city: 'p.city',
  country: "CASE WHEN p.country GLOB '[A-Z][A-Z]' THEN json_extract(c.names, '$.' || p.country) END",
  industry: 'p.industry',
  interests: "(SELECT group_concat(j.value, ' ') FROM json_each(p.interests) j)",
};

const pairs = SEARCHED.map((f) => shownAndHidden(f, VALUE[f]));
const countryNames = JSON.stringify(Object.fromEntries(COUNTRY_OPTIONS.map(([code, name]) => [code, namesOf(code, name)])));

const statements = [
  `-- Issue 46, point 8: the directory finds what its cards show. The index of 0018 held name, title,
-- company and city; a card also shows the country (by its name), the industry and the interests, and
-- "Hong Kong" or "meditation" found nobody. FTS5 tables cannot gain columns, so the index, its view
-- and its triggers are made again with the six fields, each in a members' column and an admins'
-- twin as before (ADR 0021: a member's search names the members' columns only). Written by
-- scripts/make-member-search-migration.ts (drizzle-kit generate --custom).
DROP TRIGGER IF EXISTS member_search_user_insert`,
  'DROP TRIGGER IF EXISTS member_search_user_name',
  'DROP TRIGGER IF EXISTS member_search_user_delete',
  'DROP TRIGGER IF EXISTS member_search_profile_insert',
  'DROP TRIGGER IF EXISTS member_search_profile_update',
  'DROP TRIGGER IF EXISTS member_search_profile_delete',
  'DROP VIEW IF EXISTS member_search_source',
  'DROP TABLE IF EXISTS member_search',
  `CREATE VIRTUAL TABLE member_search USING fts5(
\t${COLUMNS},
\ttokenize = 'unicode61 remove_diacritics 2',
\tprefix = '2 3'
)`,
  `-- c.names: each country's searchable names by its code (the club's English name, the short forms,
-- its names in the club's five languages), so a card's country is found by what it shows. A literal
-- rather than a table: a backup holds rows, and these are code, not data.
CREATE VIEW member_search_source AS
WITH c(names) AS (SELECT ${quote(countryNames)})
SELECT
\tu.id AS user_id,
\tu.name AS name,
${pairs.map(([shown]) => shown).join(',\n')},
${pairs.map(([, hidden]) => hidden).join(',\n')}
FROM users u
CROSS JOIN c
LEFT JOIN member_profiles p ON p.user_id = u.id`,
  `INSERT INTO member_search (rowid, ${COLUMNS})\nSELECT user_id, ${COLUMNS} FROM member_search_source`,
  `CREATE TRIGGER member_search_user_insert AFTER INSERT ON users BEGIN\n${REFRESH('NEW.id')}\nEND`,
  `CREATE TRIGGER member_search_user_name AFTER UPDATE OF name ON users BEGIN\n${REFRESH('NEW.id')}\nEND`,
  `CREATE TRIGGER member_search_user_delete AFTER DELETE ON users BEGIN\n\tDELETE FROM member_search WHERE rowid = OLD.id;\nEND`,
  `CREATE TRIGGER member_search_profile_insert AFTER INSERT ON member_profiles BEGIN\n${REFRESH('NEW.user_id')}\nEND`,
  `CREATE TRIGGER member_search_profile_update AFTER UPDATE OF ${SEARCHED.join(', ')}, visibility ON member_profiles BEGIN\n${REFRESH('NEW.user_id')}\nEND`,
  `-- A profile removed while she stays (or with her account: then the source has no row for her).
CREATE TRIGGER member_search_profile_delete AFTER DELETE ON member_profiles BEGIN\n${REFRESH('OLD.user_id')}\nEND`,
];

process.stdout.write(statements.map((s) => `${s};`).join('\n--> statement-breakpoint\n') + '\n');
