import { sql } from 'drizzle-orm';
import { CLUB_NAME } from '../../../shared/constants';
import { formatDate } from '../../../shared/date-format';
import { lapsesOn } from '../../../shared/membership-term';
import { CLUB_CONTACTED, type ContactClubInput } from '../../../shared/schemas/membership';
import { users } from '../../db/schema/users';
import type { Actor } from '../../platform/actor';
import { AppError } from '../../platform/app-error';
import type { Deps } from '../../platform/deps';
import { requireMember } from '../../platform/guards';
import { enforceRateLimit } from '../../platform/rate-limit';
import { adminWithSecondFactorSql } from '../auth/sessions';
import { enqueueRenderedEmail } from '../mail/enqueue';
import { i18n } from '../../platform/i18n';
import type { Language } from '../../../shared/preferences';
import { appLink, buttonHtml, escapeHtml } from '../mail/layout';

/*
 * Issue 46: one button reaches the club. A member whose membership lapsed (she keeps this call:
 * platform/lapsed-gate.ts), is in grace or renews soon writes a note to the club's admins; it
 * arrives by email with her name, her address to answer and her term, so an admin can answer and
 * record the renewal. An account email: always sent (no unsubscribe).
 */

/** The email the admins receive: who she is, her term and her own words (escaped). */
function contactEmail(deps: Deps, me: { name: string; email: string; renewsOn: string; status: string }, message: string) {
  const term =
    me.status === 'lapsed'
      ? i18n._('Her membership lapsed on {date}.', { date: formatDate(lapsesOn(me.renewsOn)) })
      : me.status === 'grace'
        ? i18n._('Her membership renews on {date} (in grace).', { date: formatDate(me.renewsOn) })
        : i18n._('Her membership renews on {date}.', { date: formatDate(me.renewsOn) });
  const words = message
    ? `<blockquote style="margin:16px 0;padding-inline-start:12px;border-inline-start:3px solid #e4dad0">${escapeHtml(message).replace(/\n/g, '<br>')}</blockquote>`
    : `<p>${i18n._('She wrote no message.')}</p>`;
  const who = `${escapeHtml(me.name)} (<a href="mailto:${escapeHtml(me.email)}">${escapeHtml(me.email)}</a>)`;
  return {
    subject: i18n._('{name} writes about her membership', { name: me.name }),
    bodyHtml: `<p>${i18n._('{who} writes to the admins of {club} about renewing.', { who, club: escapeHtml(CLUB_NAME) })}</p>
<p>${escapeHtml(term)}</p>
${words}
${buttonHtml(appLink(deps.env.APP_ORIGIN, me.status === 'active' ? '/users' : `/users?status=${me.status}`), i18n._('Record her renewal'))}`,
  };
}

/** POST /api/membership/contact and membership.contactClub: her note to the admins, by email. */
export async function contactClub(deps: Deps, actor: Actor, input: ContactClubInput): Promise<{ message: string }> {
  const me = requireMember(actor);
  await enforceRateLimit(deps.env, 'MEMBER_WRITE_LIMITER', `contact-club:${me.id}`);
  const admins = await deps.db.all<{ id: number; name: string; email: string; language: Language | null }>(
    sql`SELECT "a"."id", "a"."name", "a"."email", "a"."language" FROM ${users} AS "a" WHERE "a"."is_admin" = 1 AND ${adminWithSecondFactorSql(sql`"a"."id"`)}`,
  );
  if (admins.length === 0) throw new AppError('CONFLICT', /*i18n*/ 'The club has no admin to write to yet. Please try again later.');
  const her = { name: me.name, email: me.email, renewsOn: me.membership.renews_on, status: me.membership.status };
  await enqueueRenderedEmail(deps, {
    kind: 'membership_contact',
    render: () => contactEmail(deps, her, input.message),
    recipients: admins.map((a) => ({ email: a.email, name: a.name, userId: a.id, language: a.language })),
    senderId: me.id,
  });
  return { message: CLUB_CONTACTED };
}
