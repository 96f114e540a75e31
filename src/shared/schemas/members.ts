import * as z from 'zod';
import './zod-config';
import { isCountryCode } from '../country-codes';
import {
  CLUB_ACTIVITIES,
  INDUSTRIES,
  PROFILE_BIO_MAX,
  PROFILE_FIELDS,
  PROFILE_LINK_MAX,
  PROFILE_MAX_INTERESTS,
  PROFILE_TEXT_MAX,
  VISIBILITIES,
} from '../members';
import { OptionalPhoneSchema } from './phone';
import { controlCharacterMessage, hasControlCharacter, IdSchema } from './common';
import { PageQuerySchema } from './page';
import { withValues } from '../message';

// Issue 22: the inputs of the profile and the directory, shared by the REST routes, the tRPC
// procedures and (through their messages) the forms.

/** A query string's empty parameter means "no filter", as leaving it out does. */
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

export const UNKNOWN_COUNTRY = /*i18n*/ 'Unknown country: use an ISO 3166-1 alpha-2 code from the list, such as HK.';
export const UNKNOWN_INDUSTRY = /*i18n*/ 'Unknown industry.';
export const UNKNOWN_INTEREST = /*i18n*/ 'Unknown interest: choose from the club’s activities.';
export const TOO_MANY_INTERESTS = withValues(/*i18n*/ 'Choose at most {max} interests.', { max: PROFILE_MAX_INTERESTS });
export const HTTPS_ONLY = /*i18n*/ 'Use a link that starts with https://';

/** ISO 3166-1 alpha-2, upper- or lower-case, on the shared list. */
export const CountryCodeSchema = z
  .string({ error: UNKNOWN_COUNTRY })
  .trim()
  .transform((s) => s.toUpperCase())
  .refine(isCountryCode, UNKNOWN_COUNTRY);

export const IndustrySchema = z.enum(INDUSTRIES, { error: UNKNOWN_INDUSTRY });
export const ActivitySchema = z.enum(CLUB_ACTIVITIES, { error: UNKNOWN_INTEREST });

/** GET /api/members and members.list: the directory's search, filters (they combine) and page. */
export const ListMembersInputSchema = z
  .object({
    q: z.preprocess(blankToUndefined, z.string().trim().max(100, /*i18n*/ 'The search is at most 100 characters.').optional()),
    country: z.preprocess(blankToUndefined, CountryCodeSchema.optional()),
    industry: z.preprocess(blankToUndefined, IndustrySchema.optional()),
    interest: z.preprocess(blankToUndefined, ActivitySchema.optional()),
    /** Issue 39: the members of a circle (its slug or id). */
    circle: z.preprocess(blankToUndefined, z.string().trim().max(100, /*i18n*/ 'Unknown circle.').optional()),
  })
  .extend(PageQuerySchema.shape);
export type ListMembersInput = z.input<typeof ListMembersInputSchema>;
export type ListMembersQuery = z.output<typeof ListMembersInputSchema>;

export const MemberIdInputSchema = z.object({ id: IdSchema });
export type MemberIdInput = z.infer<typeof MemberIdInputSchema>;

/** '' and null both clear a text field. */
const clearable = <S extends z.ZodType<string | undefined>>(schema: S) => z.preprocess((v) => (v === null ? '' : v), schema);

const text = (label: string, max: number) =>
  clearable(
    z
      .string({ error: withValues(/*i18n*/ '{label} must be text.', { label }) })
      .trim()
      .max(max, withValues(/*i18n*/ '{label} must be at most {max} characters.', { label, max }))
      .refine((s) => !hasControlCharacter(s), controlCharacterMessage(label)),
  );

/**
 * A profile link: https only (no http, javascript: or data:), a host with a dot, at most 200
 * characters. Members' pages link to it, so nothing else may pass. Stored as the URL parser
 * reads it (what a browser opens), so the stored text is the link itself: no control character
 * (refused, issue 45: URL parsing drops a CR/LF that the raw text would carry into a vCard).
 */
const linkTooLong = (label: string) => withValues(/*i18n*/ '{label} must be at most {max} characters.', { label, max: PROFILE_LINK_MAX });
const httpsLink = (label: string) =>
  clearable(
    z
      .string({ error: withValues(/*i18n*/ '{label} must be a link.', { label }) })
      .trim()
      .max(PROFILE_LINK_MAX, linkTooLong(label))
      .refine((s) => !hasControlCharacter(s), { message: controlCharacterMessage(label), abort: true })
      .refine((v) => v === '' || isHttpsUrl(v), { message: HTTPS_ONLY, abort: true })
      .transform((v) => (v === '' ? '' : new URL(v).href))
      .refine((v) => v.length <= PROFILE_LINK_MAX, linkTooLong(label)),
  );

function isHttpsUrl(value: string): boolean {
  if (!/^https:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname.includes('.') && !url.username && !url.password;
  } catch {
    return false;
  }
}

/**
 * Her phone: issue 31's rule (DECISIONS "Forms and phone numbers"), any valid international
 * number, answered in E.164 as every phone number is stored; '' or null clears it ('').
 */
export const ProfilePhoneSchema = z.preprocess((v) => (v === null ? '' : v), OptionalPhoneSchema).transform((e164) => e164 ?? '');

/** The visibility of the fields whose visibility changes; her name has none (always shown). */
export const VisibilityChangesSchema = z.strictObject(
  Object.fromEntries(
    PROFILE_FIELDS.map((f) => [f, z.enum(VISIBILITIES, { error: "Visibility is 'members' or 'admins'." }).optional()]),
  ) as Record<(typeof PROFILE_FIELDS)[number], z.ZodOptional<z.ZodEnum<{ members: 'members'; admins: 'admins' }>>>,
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? /*i18n*/ 'Only profile fields have a visibility; her name is always shown to members.'
        : /*i18n*/ 'Visibility is an object.',
  },
);

/**
 * PUT /api/profile and profile.update: any subset of her fields, the visibility of the fields
 * whose visibility changes, and whether she is in the directory. Read-only fields of the GET
 * answer (id, name, email, photo_url, type, member_since) may be sent back and are ignored.
 */
export const UpdateProfileInputSchema = z.object({
  title: text(/*i18n*/ 'Job title', PROFILE_TEXT_MAX).optional(),
  company: text(/*i18n*/ 'Company', PROFILE_TEXT_MAX).optional(),
  city: text(/*i18n*/ 'City', PROFILE_TEXT_MAX).optional(),
  country: z.preprocess((v) => (v === '' ? null : v), CountryCodeSchema.nullable()).optional(),
  industry: z.preprocess((v) => (v === '' ? null : v), IndustrySchema.nullable()).optional(),
  interests: z
    .array(ActivitySchema, { error: UNKNOWN_INTEREST })
    .max(PROFILE_MAX_INTERESTS, TOO_MANY_INTERESTS)
    // The club's order, each once: the same list whatever order she ticked them in.
    .transform((list) => CLUB_ACTIVITIES.filter((a) => list.includes(a)))
    .nullable()
    .transform((list) => list ?? [])
    .optional(),
  bio: clearable(
    z
      .string({ error: /*i18n*/ 'About me must be text.' })
      // Plain text; her line breaks are kept (as \n), trailing space is not.
      .transform((s) => s.replace(/\r\n?/g, '\n').trimEnd())
      .refine(
        (s) => s.length <= PROFILE_BIO_MAX,
        withValues(/*i18n*/ 'About me must be at most {max} characters.', { max: PROFILE_BIO_MAX.toLocaleString('en-US') }),
      )
      .refine(
        (s) => !hasControlCharacter(s, { lineBreaks: true }),
        /*i18n*/ 'About me cannot contain control characters other than line breaks.',
      ),
  ).optional(),
  links: z
    .object(
      { linkedin: httpsLink(/*i18n*/ 'LinkedIn').optional(), website: httpsLink(/*i18n*/ 'Website').optional() },
      { error: 'Links are {linkedin, website}.' },
    )
    .nullable()
    .transform((l) => l ?? { linkedin: '', website: '' })
    .optional(),
  phone: ProfilePhoneSchema.optional(),
  visibility: VisibilityChangesSchema.optional(),
  directory: z.boolean({ error: 'directory is true or false.' }).optional(),
});
export type UpdateProfileInput = z.input<typeof UpdateProfileInputSchema>;
export type ProfileChanges = z.output<typeof UpdateProfileInputSchema>;
