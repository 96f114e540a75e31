// A member's term (SPEC 9, DECISIONS "Membership terms"): two calendar dates, YYYY-MM-DD in UTC,
// and the status that follows from them. Pure, so the Worker (the gate, the filters, the
// reminders) and the client (Settings, User Management) read the same day the same way.

import { formatDate } from './date-format';

/** Months of a first term and of a renewal by default (SPEC 9's annual fee). */
export const TERM_MONTHS = 12;
/** SPEC 9: a term is at least six months. */
export const MIN_TERM_MONTHS = 6;
/** After renews_on she keeps everything for this many days (grace), then her membership lapses. */
export const GRACE_DAYS = 30;

/** The longest note a member writes to the club's admins about renewing (issue 46). */
export const CLUB_NOTE_MAX = 2000;
/** Reminder emails go this many days before renews_on, each once per term. */
export const REMINDER_DAYS = [30, 7] as const;
export type ReminderDays = (typeof REMINDER_DAYS)[number];

export const MEMBERSHIP_STATUSES = ['active', 'grace', 'lapsed'] as const;
export type MembershipStatus = (typeof MEMBERSHIP_STATUSES)[number];

export const ISO_DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar date written YYYY-MM-DD (2027-02-30 is not one). */
export function isIsoDate(value: string): boolean {
  if (!ISO_DATE_PATTERN.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/** The UTC calendar date of an instant (Unix ms). */
export function utcDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export function addDays(isoDate: string, days: number): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/**
 * Calendar months later, on the same day of the month or, when that month is shorter, on its
 * last day: twelve months after 2024-02-29 is 2025-02-28, six months after 2026-08-31 is
 * 2027-02-28 (never a day in the month after, as SQLite's date modifiers would give).
 */
export function addMonths(isoDate: string, months: number): string {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  const monthIndex = m - 1 + months;
  const year = y + Math.floor(monthIndex / 12);
  const month = ((monthIndex % 12) + 12) % 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(d, lastDay);
  return `${String(year).padStart(4, '0')}-${String(month + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** A new member's term: from her first day, renewing twelve months later. */
export function firstTerm(memberSince: string): { member_since: string; renews_on: string } {
  return { member_since: memberSince, renews_on: addMonths(memberSince, TERM_MONTHS) };
}

/** The earliest renews_on SPEC 9 allows for a term that started on member_since. */
export function earliestRenewsOn(memberSince: string): string {
  return addMonths(memberSince, MIN_TERM_MONTHS);
}

/** The day her membership lapses when renews_on passes without a renewal: the day after grace. */
export function lapsesOn(renewsOn: string): string {
  return addDays(renewsOn, GRACE_DAYS);
}

/**
 * Her status on `today`: active before renews_on; grace from renews_on for GRACE_DAYS days;
 * lapsed from then on. Admins' own accounts never lapse (DECISIONS "Membership terms").
 * Dates compare as strings: YYYY-MM-DD sorts as the calendar does, in SQL too.
 */
export function membershipStatus(term: { renews_on: string; admin?: boolean }, today: string): MembershipStatus {
  if (term.admin || today < term.renews_on) return 'active';
  return today < lapsesOn(term.renews_on) ? 'grace' : 'lapsed';
}

/** The renews_on bounds of each status on `today`, for queries: renews_on > activeAfter, etc. */
export function statusBounds(today: string): { graceFrom: string } {
  // grace: today - GRACE_DAYS < renews_on <= today; lapsed: renews_on <= today - GRACE_DAYS.
  return { graceFrom: addDays(today, -GRACE_DAYS) };
}

/** The member's term as the API answers it (GET /user-details, /api/users, the roster). */
export interface MembershipTerm {
  member_since: string;
  renews_on: string;
  status: MembershipStatus;
}

export function termOf(row: { member_since: string; renews_on: string; admin?: boolean }, today: string): MembershipTerm {
  return { member_since: row.member_since, renews_on: row.renews_on, status: membershipStatus(row, today) };
}

/** What a lapsed member reads on every page but her own account's, and in the API's 403. */
export function lapsedMessage(renewsOn: string): string {
  return `Your membership lapsed on ${formatDate(lapsesOn(renewsOn))}. Please contact the club to renew.`;
}
