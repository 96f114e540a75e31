import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  earliestRenewsOn,
  firstTerm,
  isIsoDate,
  lapsedMessage,
  lapsesOn,
  membershipStatus,
} from '../../src/shared/membership-term';

describe('membership term dates', () => {
  it('adds months on the same day, or the last day of a shorter month', () => {
    expect(addMonths('2026-03-01', 12)).toBe('2027-03-01');
    expect(addMonths('2024-02-29', 12)).toBe('2025-02-28');
    expect(addMonths('2026-08-31', 6)).toBe('2027-02-28');
    expect(addMonths('2027-08-31', 6)).toBe('2028-02-29');
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2026-11-15', 2)).toBe('2027-01-15');
    expect(addMonths('2026-03-15', -3)).toBe('2025-12-15');
  });

  it('knows real calendar dates', () => {
    expect(isIsoDate('2027-02-28')).toBe(true);
    expect(isIsoDate('2028-02-29')).toBe(true);
    expect(isIsoDate('2027-02-29')).toBe(false);
    expect(isIsoDate('2027-2-28')).toBe(false);
    expect(isIsoDate('28/02/2027')).toBe(false);
  });

  it('starts a term for twelve months, with a six-month minimum', () => {
    expect(firstTerm('2026-05-10')).toEqual({ member_since: '2026-05-10', renews_on: '2027-05-10' });
    expect(earliestRenewsOn('2026-05-10')).toBe('2026-11-10');
  });
});

describe('membership status', () => {
  const renewsOn = '2027-03-01';
  it('is active before renews_on', () => {
    expect(membershipStatus({ renews_on: renewsOn }, '2026-12-01')).toBe('active');
    expect(membershipStatus({ renews_on: renewsOn }, '2027-02-28')).toBe('active');
  });
  it('is grace from renews_on for 30 days', () => {
    expect(membershipStatus({ renews_on: renewsOn }, '2027-03-01')).toBe('grace');
    expect(membershipStatus({ renews_on: renewsOn }, addDays(renewsOn, 29))).toBe('grace');
  });
  it('is lapsed from the 30th day after renews_on', () => {
    expect(lapsesOn(renewsOn)).toBe('2027-03-31');
    expect(membershipStatus({ renews_on: renewsOn }, '2027-03-31')).toBe('lapsed');
    expect(membershipStatus({ renews_on: renewsOn }, '2030-01-01')).toBe('lapsed');
  });
  it('never lapses for an admin', () => {
    expect(membershipStatus({ renews_on: renewsOn, admin: true }, '2030-01-01')).toBe('active');
  });
  it('says when it lapsed, as SPEC 9 writes dates', () => {
    expect(lapsedMessage(renewsOn)).toBe('Your membership lapsed on Mar 31, 2027. Please contact the club to renew.');
  });
});
