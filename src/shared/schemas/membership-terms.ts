import * as z from 'zod';
import { earliestRenewsOn, isIsoDate, MEMBERSHIP_STATUSES, type MembershipStatus, type MembershipTerm } from '../membership-term';
import { formatDate } from '../date-format';
import { IdSchema } from './common';
import { withValues } from '../message';

// Membership terms (SPEC 9, DECISIONS "Membership terms"): the admin's renewal and what the
// screens read. Dates are YYYY-MM-DD strings everywhere.

export const INVALID_DATE = /*i18n*/ 'Use a date written YYYY-MM-DD.';
export const RENEWAL_NOTE_MAX = 200;

/** A calendar date YYYY-MM-DD that exists. */
export const IsoDateSchema = z.string({ error: INVALID_DATE }).trim().refine(isIsoDate, INVALID_DATE);

/** SPEC 9's minimum, in words: "… must be on or after Jul 01, 2027 (six months after …)". */
export function termTooShortMessage(memberSince: string): string {
  return `A membership lasts at least six months: renews on must be on or after ${formatDate(earliestRenewsOn(memberSince))}.`;
}

/** PUT /api/users/{id}/membership and admin.users.renew. */
export const RenewMembershipInputSchema = z.object({
  id: IdSchema,
  renews_on: IsoDateSchema,
  note: z
    .string({ error: /*i18n*/ 'The note must be text.' })
    .trim()
    .max(RENEWAL_NOTE_MAX, withValues(/*i18n*/ 'The note has at most {max} characters.', { max: RENEWAL_NOTE_MAX }))
    .optional()
    .default(''),
});
export type RenewMembershipInput = z.output<typeof RenewMembershipInputSchema>;

export const MembershipStatusSchema = z.enum(MEMBERSHIP_STATUSES, { error: /*i18n*/ 'Status is active, grace or lapsed.' });

/** One renewal in her history (her Profile dialog in User Management), newest first. */
export interface RenewalView {
  id: number;
  previous_renews_on: string;
  renews_on: string;
  note: string;
  recorded_by: string | null;
  /** The recording admin's id, for her name's link to her profile (null once her account is gone). */
  recorded_by_id: number | null;
  created_at: string;
}

/** The admin dashboard's two counts, each a link to User Management filtered to them. */
export interface RenewalsOverview {
  /** Active members whose renews_on is within the next 30 days. */
  due_soon: number;
  /** Members in grace (renews_on passed, not yet lapsed). */
  grace: number;
}

export type { MembershipStatus, MembershipTerm };
