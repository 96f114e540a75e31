// Bench section: the admin lists that issue 13 pages, each with more rows than a page: 1,000
// applications, 1,000 members, 1,000 invitation codes and 5,000 audit log entries. The first page
// of each must be one D1 round trip (Server-Timing), at most 64 KB, and within 2x the static
// asset's p50, measured interleaved with it.
import type { BenchContext, BenchRow } from './context';
import { firstPageRows } from './context';

const APPLICATIONS = 1000;
const MEMBERS = 1000;
const CODES = 1000;
const AUDIT_ENTRIES = 5000;

/**
 * One INSERT … SELECT over a recursive count per table: fast, and no row names a real person. The
 * members are Founding or Standard: the mail section sends to the Travel Hosts it seeds.
 */
function seedAdminRows(ctx: BenchContext) {
  const now = Date.now();
  const count = (n: number) => `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${n})`;
  const admin = '(SELECT id FROM users WHERE is_admin = 1 ORDER BY id LIMIT 1)';
  ctx.sql(`INSERT OR IGNORE INTO invitation_codes (code, note, expires_at, max_uses, use_count, created_by, created_at)
${count(CODES)}
SELECT 'BENCH-CODE-' || i, 'Bench code ' || i || ' for the spring open house', NULL, 5, i % 5, ${admin}, ${now} - i * 60000 FROM n;
INSERT INTO applications (invitation_code_id, full_name, email, phone, reason, interests, availability, referral, comments, membership_type, property_address, property_type, property_description, property_availability, accepted, granted_founding, created_at)
${count(APPLICATIONS)}
SELECT (SELECT id FROM invitation_codes WHERE code = 'BENCH-CODE-' || (1 + i % ${CODES})), 'Bench Applicant ' || i, 'bench-applicant-' || i || '@bench.example', '1-4155550' || (100 + i % 900),
  'I would love to meet members who travel and host, and to share the workshops I run at home with the club.', '["Travel","Workshops"]', 'Weekends', 'A friend', NULL,
  CASE WHEN i % 4 = 0 THEN 'Travel Host' ELSE 'Standard' END, CASE WHEN i % 4 = 0 THEN 'Rue de Bretagne, Paris' END, CASE WHEN i % 4 = 0 THEN 'Apartment' END,
  CASE WHEN i % 4 = 0 THEN 'Two bedrooms near the market.' END, CASE WHEN i % 4 = 0 THEN 'Seasonal' END,
  CASE i % 3 WHEN 0 THEN NULL WHEN 1 THEN 1 ELSE 0 END, 0, ${now} - i * 60000 FROM n;
INSERT OR IGNORE INTO users (email, name, type, is_admin, password_hash, must_change_password, created_at, updated_at)
${count(MEMBERS)}
SELECT 'bench-member-' || i || '@bench.example', 'Bench Member ' || i, CASE i % 2 WHEN 0 THEN 'Founding' ELSE 'Standard' END, 0, 'x', 0, ${now}, ${now} FROM n;
INSERT INTO audit_log (actor_id, action, target_type, target_id, details, created_at)
${count(AUDIT_ENTRIES)}
SELECT ${admin}, 'event.update', 'event', CAST(i AS TEXT), '{"title":"Bench Gathering ' || i || '"}', ${now} - i * 1000 FROM n;`);
}

export async function run(ctx: BenchContext): Promise<BenchRow[]> {
  seedAdminRows(ctx);
  return [
    ...(await firstPageRows(ctx, '/api/applications', (n) => `GET /api/applications first page (${n} of ${APPLICATIONS}+)`)),
    ...(await firstPageRows(ctx, '/api/users', (n) => `GET /api/users first page (${n} of ${MEMBERS}+)`)),
    ...(await firstPageRows(ctx, '/api/invitation-codes', (n) => `GET /api/invitation-codes first page (${n} of ${CODES}+)`)),
    ...(await firstPageRows(ctx, '/api/admin/audit-log', (n) => `GET /api/admin/audit-log first page (${n} of ${AUDIT_ENTRIES}+)`)),
  ];
}
