import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/min';
import * as z from 'zod';
import './zod-config';

// DECISIONS "International phone numbers": members are worldwide, so a phone number is any valid
// international number, stored in E.164 ('+442079460958'). libphonenumber-js with its "min"
// metadata (19 KB of gzip, against 39 KB for "max") checks the country code, the number's length
// for that country and its leading digits; "max" would also check every digit against the
// carriers' ranges, and refuse a number issued after the metadata was built. The client loads it
// only with the pages that ask for a phone number (the application wizard), never on a first load.

export const INVALID_PHONE = 'Invalid phone number.';
/** Longer than any number written with spaces, dashes and brackets. */
export const PHONE_MAX = 40;

/** SPEC 5's form, a country code, a hyphen, then 10 digits ('1-4155550123'): numbers stored before issue 31 look like it. */
const SPEC_FORM = /^\+?(\d{1,4})-(\d{10})$/;

/**
 * The number in E.164, or null when it is not a phone number. Without a leading + (or 00) the
 * number is read as one of `defaultCountry` (the browser's region, when the form knows it).
 */
export function toE164(input: string, defaultCountry?: CountryCode): string | null {
  let text = input.trim();
  const spec = SPEC_FORM.exec(text);
  if (spec) text = `+${spec[1]}${spec[2]}`;
  else if (text.startsWith('00')) text = `+${text.slice(2)}`;
  if (!/\d/.test(text)) return null;
  const parsed = parsePhoneNumberFromString(text, defaultCountry);
  return parsed?.isValid() ? parsed.number : null;
}

/** How a stored number is shown: '+44 20 7946 0958'. Anything it cannot read is shown as stored. */
export function formatPhone(stored: string): string {
  const e164 = toE164(stored);
  return e164 ? parsePhoneNumberFromString(e164)!.formatInternational() : stored;
}

/** A stored number as a tel: URI (RFC 3966: 'tel:+442079460958'), or null when it is not a phone number. */
export function phoneUri(stored: string): string | null {
  const e164 = toE164(stored);
  return e164 ? parsePhoneNumberFromString(e164)!.format('RFC3966') : null;
}

/** The region a browser's language names (en-GB: GB; plain en: none), to read a number typed without its country code. */
export function countryOfLocale(locale: string | undefined): CountryCode | undefined {
  try {
    return (locale ? new Intl.Locale(locale).region : undefined) as CountryCode | undefined;
  } catch {
    return undefined;
  }
}

/** A required phone number, answered as E.164; `required` is the message for an empty one. */
export const phoneSchema = (required = 'Phone number is required.') =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(PHONE_MAX, INVALID_PHONE)
    .transform((value, ctx) => {
      const e164 = toE164(value);
      if (e164) return e164;
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
    const e164 = toE164(value);
    if (e164) return e164;
    ctx.addIssue({ code: 'custom', message: INVALID_PHONE });
    return z.NEVER;
  });
