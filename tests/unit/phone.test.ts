import { describe, expect, it } from 'vitest';
import {
  countryOfLocale,
  countryOfLocales,
  describePhone,
  formatPhone,
  keepPhone,
  OptionalPhoneSchema,
  phoneSchema,
  readPhone,
  toE164,
} from '../../src/shared/schemas/phone';

// DECISIONS "International phone numbers": any valid number from anywhere, stored in E.164.
describe('phone numbers', () => {
  it('reads international numbers written the ways people write them', () => {
    expect(toE164('+44 20 7946 0958')).toBe('+442079460958');
    expect(toE164('+1 (415) 555-0123')).toBe('+14155550123');
    expect(toE164('0044 20 7946 0958')).toBe('+442079460958');
    expect(toE164('+852 2123 4567')).toBe('+85221234567');
  });

  it("still reads SPEC 5's form (country code, hyphen, 10 digits), as numbers were stored before", () => {
    expect(toE164('1-4155550123')).toBe('+14155550123');
    expect(toE164('44-2079460958')).toBe('+442079460958');
    expect(formatPhone('1-4155550123')).toBe('+1 415 555 0123');
  });

  it('reads a national number only with a country to read it in', () => {
    expect(toE164('020 7946 0958')).toBeNull();
    expect(toE164('020 7946 0958', 'GB')).toBe('+442079460958');
    expect(toE164('(415) 555-0123', 'US')).toBe('+14155550123');
  });

  it('refuses what is not a phone number', () => {
    for (const text of ['', 'call me', '555 0101', '+44 20', '+999 123 4567']) {
      expect(toE164(text)).toBeNull();
      expect(keepPhone(text)).toBeNull();
    }
  });

  it('reads a national number in the chosen country, and says how it will be kept (issue 46)', () => {
    // Typed in a browser set to en-GB, 090-1234-5678 is a UK premium number; chosen as Japan, a mobile.
    expect(describePhone(readPhone('090-1234-5678', 'GB')!)).toBe('+44 901 234 5678, United Kingdom');
    expect(describePhone(readPhone('090-1234-5678', 'JP')!)).toBe('+81 90 1234 5678, Japan');
    expect(readPhone('+81 90 1234 5678', 'GB')).toMatchObject({ kept: '+819012345678', country: 'JP', known: true });
  });

  it('keeps a number of the right length in a range it does not know, normalised and flagged (DECISIONS)', () => {
    expect(readPhone('+1-555-123-4567')).toEqual({ kept: '+15551234567', shown: '+1 555 123 4567', country: undefined, known: false });
    expect(toE164('+1-555-123-4567')).toBeNull();
    expect(keepPhone('+1 123 456 7890')).toBe('+11234567890');
    expect(phoneSchema().parse('+1-555-123-4567')).toBe('+15551234567');
  });

  it('shows a stored number in international form, and anything unreadable as stored', () => {
    expect(formatPhone('+442079460958')).toBe('+44 20 7946 0958');
    expect(formatPhone('1-5551234567')).toBe('+1 555 123 4567');
    expect(formatPhone('call me')).toBe('call me');
  });

  it('finds the region of a browser language only when it names one', () => {
    expect(countryOfLocale('en-GB')).toBe('GB');
    expect(countryOfLocale('zh-Hant-TW')).toBe('TW');
    expect(countryOfLocale('fr')).toBeUndefined();
    expect(countryOfLocale('not a locale')).toBeUndefined();
    expect(countryOfLocales(['en', 'en-GB'])).toBe('GB');
    expect(countryOfLocales(['fr'])).toBeUndefined();
  });

  it('the schemas answer E.164 or the message', () => {
    const required = phoneSchema('Required.');
    expect(required.parse(' +44 20 7946 0958 ')).toBe('+442079460958');
    expect(required.safeParse('').error?.issues[0]?.message).toBe('Required.');
    expect(required.safeParse('12').error?.issues[0]?.message).toBe('Invalid phone number.');
    expect(OptionalPhoneSchema.parse('')).toBeNull();
    expect(OptionalPhoneSchema.parse(undefined)).toBeNull();
    expect(OptionalPhoneSchema.parse('+33 6 12 34 56 78')).toBe('+33612345678');
    expect(OptionalPhoneSchema.safeParse('nope').success).toBe(false);
  });
});
