import { getCountries, getCountryCallingCode, parsePhoneNumberFromString, type CountryCode, type PhoneNumber } from 'libphonenumber-js/min';
import * as z from 'zod';
import { COUNTRY_OPTIONS, countryName } from '../country-codes';
import './zod-config';

// DECISIONS "Forms and phone numbers": members are worldwide, so a phone number is any valid
// international number, stored in E.164 ('+442079460958'). libphonenumber-js with its "min"
// metadata (19 KB of gzip, against 39 KB for "max") checks the country code, the number's length
// for that country and its leading digits; "max" would also check every digit against the
// carriers' ranges, and refuse a number issued after the metadata was built. The client loads it
// only with the pages that ask for a phone number (the application wizard, Settings > Profile),
// never on a first load. A number of the right length in a range the library does not know (a new
// range, a fictional 555 number) is flagged with SPEC 5's 'Invalid phone number.' but, as SPEC
// says, does not block: it is kept as typed, normalised to its digits after the +.

export const INVALID_PHONE = /*i18n*/ 'Invalid phone number.';
/** Longer than any number written with spaces, dashes and brackets. */
export const PHONE_MAX = 40;

/** SPEC 5's form, a country code, a hyphen, then 10 digits ('1-4155550123'): numbers stored before issue 31 look like it. */
const SPEC_FORM = /^\+?(\d{1,4})-(\d{10})$/;

function parse(input: string, defaultCountry?: CountryCode): PhoneNumber | undefined {
  let text = input.trim();
  const spec = SPEC_FORM.exec(text);
  if (spec) text = `+${spec[1]}${spec[2]}`;
  else if (text.startsWith('00')) text = `+${text.slice(2)}`;
  if (!/\d/.test(text)) return undefined;
  const parsed = parsePhoneNumberFromString(text, defaultCountry);
  return parsed && (parsed.isValid() || parsed.isPossible()) ? parsed : undefined;
}

/** A typed number as the club will keep it. */
export interface PhoneReading {
  /** What is stored: E.164 ('+819012345678'), for an unknown range too ('+15551234567'). */
  kept: string;
  /** As it is shown: '+81 90 1234 5678'. */
  shown: string;
  /** The number's country ('JP'), when the library knows the number. */
  country?: CountryCode;
  /** false: the right length, but a range the library does not know (flagged, not refused). */
  known: boolean;
}

/**
 * How the club reads a typed number, or null when it is not a phone number at all. Without a
 * leading + (or 00) it is read as a number of `defaultCountry` (the country she chose beside the
 * field, her browser's region first).
 */
export function readPhone(input: string, defaultCountry?: CountryCode): PhoneReading | null {
  const parsed = parse(input, defaultCountry);
  if (!parsed) return null;
  const known = parsed.isValid();
  return { kept: parsed.number, shown: parsed.formatInternational(), country: known ? parsed.country : undefined, known };
}

/** The number in E.164 when the library knows it, else null. */
export function toE164(input: string, defaultCountry?: CountryCode): string | null {
  const reading = readPhone(input, defaultCountry);
  return reading?.known ? reading.kept : null;
}

/** The number as it is stored (E.164, an unknown range included), or null when it is not a phone number. */
export function keepPhone(input: string, defaultCountry?: CountryCode): string | null {
  return readPhone(input, defaultCountry)?.kept ?? null;
}

/** How a stored number is shown: '+44 20 7946 0958'. Anything it cannot read is shown as stored. */
export function formatPhone(stored: string): string {
  return readPhone(stored)?.shown ?? stored;
}

/** "+81 90 1234 5678, Japan": the number as it will be kept, with its country when the library knows it. */
export function describePhone(reading: PhoneReading): string {
  const country = reading.country ? (countryName(reading.country) ?? reading.country) : undefined;
  return country ? `${reading.shown}, ${country}` : reading.shown;
}

/** A stored number as a tel: URI (RFC 3966: 'tel:+442079460958'), or null when it is not a phone number. */
export function phoneUri(stored: string): string | null {
  return parse(stored)?.format('RFC3966') ?? null;
}

/** The region a browser's language names (en-GB: GB; plain en: none), to read a number typed without its country code. */
export function countryOfLocale(locale: string | undefined): CountryCode | undefined {
  try {
    return (locale ? new Intl.Locale(locale).region : undefined) as CountryCode | undefined;
  } catch {
    return undefined;
  }
}

/** The first region any of the browser's languages names (['en', 'en-GB'] gives GB). */
export function countryOfLocales(locales: readonly string[] | undefined): CountryCode | undefined {
  for (const locale of locales ?? []) {
    const region = countryOfLocale(locale);
    if (region && isPhoneCountry(region)) return region;
  }
  return undefined;
}

const PHONE_COUNTRIES: ReadonlySet<string> = new Set(getCountries());

export function isPhoneCountry(code: string): code is CountryCode {
  return PHONE_COUNTRIES.has(code);
}

/** The countries a number may be read in, as [code, 'Japan (+81)'], by name (`countries`: the list's names, or a page's language's). */
export function phoneCountryOptions(countries: readonly (readonly [string, string])[] = COUNTRY_OPTIONS): [CountryCode, string][] {
  return countries
    .filter(([code]) => isPhoneCountry(code))
    .map(([code, name]) => [code as CountryCode, `${name} (+${getCountryCallingCode(code as CountryCode)})`]);
}

/** A phone number checked as the server keeps it: E.164, an unknown range normalised; `required` is the message for an empty one. */
export const phoneSchema = (required = /*i18n*/ 'Phone number is required.') =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(PHONE_MAX, INVALID_PHONE)
    .transform((value, ctx) => {
      const kept = keepPhone(value);
      if (kept) return kept;
      ctx.addIssue({ code: 'custom', message: INVALID_PHONE });
      return z.NEVER;
    });

/** An optional phone number: '' or absent is none (null); anything else must be a number. */
export const OptionalPhoneSchema = z
  .string()
  .trim()
  .max(PHONE_MAX, INVALID_PHONE)
  .optional()
  .transform((value, ctx) => {
    if (!value) return null;
    const kept = keepPhone(value);
    if (kept) return kept;
    ctx.addIssue({ code: 'custom', message: INVALID_PHONE });
    return z.NEVER;
  });

export type { CountryCode };
