import * as z from 'zod';
import { GRACE_DAYS, MEMBERSHIP_STATUSES } from '../../../shared/membership-term';
import { IsoDate, IsoDateTime } from '../../platform/openapi';

// A member's term (issue 24) as the answers that carry it describe it: the admin's users and
// profile, the renewal, and her own account (auth status, login, /user-details).

/** member_since, renews_on and status: spread into the answers that carry a member's term. */
export const membershipTermFields = {
  member_since: IsoDate,
  renews_on: IsoDate.describe('A calendar date, YYYY-MM-DD (UTC): at least six months after member_since (SPEC 9)'),
  status: z
    .enum(MEMBERSHIP_STATUSES)
    .describe(
      `Follows renews_on: active before it, grace for ${GRACE_DAYS} days from it, then lapsed (every members' route answers 403 MEMBERSHIP_LAPSED but her own account's). Admins are always active.`,
    ),
};

export const MembershipTermSchema = z.object(membershipTermFields).meta({ id: 'MembershipTerm' });

/** One renewal in her history (newest first in her profile). */
export const RenewalSchema = z
  .object({
    id: z.number().int(),
    previous_renews_on: IsoDate,
    renews_on: IsoDate,
    note: z.string().describe('At most 200 characters, e.g. "Paid 450 EUR by bank transfer"; may be empty'),
    recorded_by: z.string().nullable().describe("The recording admin's name (null once her account is gone)"),
    recorded_by_id: z.number().int().nullable().describe("The recording admin's id (null once her account is gone)"),
    created_at: IsoDateTime,
  })
  .meta({ id: 'MembershipRenewal' });
