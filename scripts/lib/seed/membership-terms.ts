import { addDays, addMonths, utcDate } from '../../../src/shared/membership-term';
import { sqlText } from '../wrangler';

/**
 * Issue 24's demo content: members whose terms show what the club sees (one in grace with a
 * renewal history, one lapsed, one whose renewal is due within 30 days). The other demo members
 * keep the first term the users_term_defaults trigger gives them (active for a year): tests sign
 * in as them.
 */
export const TERM_DEMO_MEMBERS = [
  { name: 'Nadia Haddad', email: 'nadia@club.example', type: 'Standard', renewsInDays: -10, renewed: true },
  { name: 'Lena Berg', email: 'lena@club.example', type: 'Standard', renewsInDays: -60, renewed: false },
  { name: 'Olivia Grant', email: 'olivia@club.example', type: 'Founding', renewsInDays: 20, renewed: false },
] as const;

export function membershipTermsSeedSql(opts: { demoHash: string; adminEmail: string; now: number }): string[] {
  const today = utcDate(opts.now);
  const lines: string[] = [];
  for (const m of TERM_DEMO_MEMBERS) {
    const renewsOn = addDays(today, m.renewsInDays);
    const memberSince = addMonths(renewsOn, m.renewed ? -24 : -12);
    lines.push(
      `INSERT INTO users (email, name, type, is_admin, password_hash, must_change_password, member_since, renews_on, created_at, updated_at) VALUES (${sqlText(m.email)}, ${sqlText(m.name)}, ${sqlText(m.type)}, 0, ${sqlText(opts.demoHash)}, 0, ${sqlText(memberSince)}, ${sqlText(renewsOn)}, ${opts.now}, ${opts.now});`,
    );
    if (m.renewed) {
      const previous = addMonths(renewsOn, -12);
      lines.push(
        `INSERT INTO membership_renewals (user_id, previous_renews_on, renews_on, note, recorded_by, created_at) VALUES ((SELECT id FROM users WHERE email = ${sqlText(m.email)}), ${sqlText(previous)}, ${sqlText(renewsOn)}, 'Paid 450 EUR by bank transfer', (SELECT id FROM users WHERE email = ${sqlText(opts.adminEmail)}), ${opts.now - 330 * 24 * 3600_000});`,
      );
    }
  }
  return lines;
}
