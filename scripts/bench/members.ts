// Bench section: the members directory (issue 22) with 1,000 seeded members with profiles (some
// fields kept to admins, some members out of the directory). Its first page, with and without a
// search, must be one D1 round trip (Server-Timing), at most 64 KB, and within 1.5x the static
// asset's p50, measured interleaved with that asset. Read as a member (the visibility rules apply).
import { seedOptionsFromEnv } from '../lib/seed/options';
import { listRouteRows, type BenchContext, type BenchRow } from './context';

const MEMBERS = 1000;
const BUDGET = { maxRatio: 1.5, maxKb: 64 };

const FIRST = [
  'Inès',
  'Amelia',
  'Chiara',
  'Sakura',
  'Lena',
  'Olivia',
  'Zainab',
  'Marta',
  'Yuki',
  'Aoife',
  'Priyanka',
  'Sofía',
  'Hélène',
  'Grace',
];
const LAST = [
  'Moreau',
  'Okafor',
  'Lindqvist',
  'Tanaka',
  'García',
  'Novak',
  'Haddad',
  'Kowalski',
  'Brennan',
  'Ito',
  'Rossi',
  'Nguyen',
  'Dubois',
];
const WORK: [title: string, company: string, industry: string][] = [
  ['Managing Director', 'Fintech Partners', 'Finance'],
  ['Head of Product', 'Harbour Fintech', 'Technology'],
  ['Partner', 'Lumen Law', 'Law'],
  ['Chief Medical Officer', 'Cedar Health', 'Healthcare'],
  ['Principal', 'Northwind Consulting', 'Consulting'],
  ['Dean', 'Atelier School of Design', 'Education'],
  ['Editor in Chief', 'Meridian Media', 'Media'],
  ['Creative Director', 'Studio Finch', 'Arts'],
  ['Founder', 'Maison Verte', 'Hospitality'],
  ['Chief Financial Officer', 'Solara Energy', 'Energy'],
];
const PLACES: [city: string, country: string][] = [
  ['Hong Kong', 'HK'],
  ['London', 'GB'],
  ['New York', 'US'],
  ['Paris', 'FR'],
  ['Tokyo', 'JP'],
  ['São Paulo', 'BR'],
  ['Zürich', 'CH'],
  ['Singapore', 'SG'],
  ['Milan', 'IT'],
  ['Sydney', 'AU'],
  ['Lagos', 'NG'],
];
const INTERESTS = [
  '["Travel","Tea culture"]',
  '["Art","Artwork exhibition","Writing"]',
  '["Meditation"]',
  '["Book reading","Food sampling"]',
];

const sqlText = (s: string) => `'${s.replace(/'/g, "''")}'`;
const values = (rows: string[][]) => rows.map((r, i) => `(${i}, ${r.map(sqlText).join(', ')})`).join(', ');

/**
 * One INSERT … SELECT over a recursive count for the members, one for their profiles (the FTS5
 * index follows by its triggers). Every 7th member keeps her company and city to admins, every
 * 13th is out of the directory, every 5th keeps her phone shown.
 */
function seedMembers(ctx: BenchContext) {
  const now = Date.now();
  const count = `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${MEMBERS})`;
  ctx.sql(`INSERT OR IGNORE INTO users (email, name, type, is_admin, password_hash, must_change_password, created_at, updated_at)
${count}, f(k, v) AS (VALUES ${values(FIRST.map((v) => [v]))}), l(k, v) AS (VALUES ${values(LAST.map((v) => [v]))})
SELECT 'bench-profile-' || i || '@bench.example', f.v || ' ' || l.v || ' ' || i, CASE i % 3 WHEN 0 THEN 'Founding' WHEN 1 THEN 'Standard' ELSE 'Travel Host' END, 0, 'x', 0, ${now}, ${now}
FROM n JOIN f ON f.k = i % ${FIRST.length} JOIN l ON l.k = (i / ${FIRST.length}) % ${LAST.length};
INSERT OR IGNORE INTO member_profiles (user_id, title, company, city, country, industry, interests, bio, linkedin, website, phone, visibility, directory, updated_at)
${count}, w(k, title, company, industry) AS (VALUES ${values(WORK)}), p(k, city, country) AS (VALUES ${values(PLACES)}), t(k, v) AS (VALUES ${values(INTERESTS.map((v) => [v]))})
SELECT (SELECT id FROM users WHERE email = 'bench-profile-' || i || '@bench.example'), w.title, w.company, p.city, p.country, w.industry, t.v,
  'Member of the club since the spring. I host dinners, read a lot, and travel whenever I can; ask me about the best tea houses in town.',
  'https://www.linkedin.com/in/bench-' || i, 'https://bench-' || i || '.example', '+852 5555 ' || (1000 + i),
  CASE WHEN i % 7 = 0 THEN '{"company":"admins","city":"admins"}' WHEN i % 5 = 0 THEN '{"phone":"members"}' ELSE '{}' END,
  CASE WHEN i % 13 = 0 THEN 0 ELSE 1 END, ${now}
FROM n JOIN w ON w.k = i % ${WORK.length} JOIN p ON p.k = i % ${PLACES.length} JOIN t ON t.k = i % ${INTERESTS.length};`);
}

export async function run(ctx: BenchContext): Promise<BenchRow[]> {
  seedMembers(ctx);
  // A member's view: the directory's visibility rules and its search's column filter apply.
  const seed = seedOptionsFromEnv();
  const member = { ...ctx, adminCookie: await ctx.login('sofia@club.example', seed.demoPassword) };
  const rows = (urlPath: string, what: string) =>
    listRouteRows(
      member,
      urlPath,
      (n) => `GET ${decodeURIComponent(urlPath)} first page (${n} of ${MEMBERS}+ members${what})`,
      BUDGET.maxRatio,
      {
        maxKb: BUDGET.maxKb,
      },
    );
  return [
    ...(await rows('/api/members', '')),
    ...(await rows('/api/members?q=fin', ', FTS5 prefix search')),
    ...(await rows('/api/members?q=in%C3%A8s&country=HK', ', search and a filter')),
  ];
}
