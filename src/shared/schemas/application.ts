import * as z from 'zod';
import { APPLICATION_MEMBERSHIP_TYPES, AVAILABILITY, INTERESTS, PROPERTY_AVAILABILITY } from '../constants';
import { InvitationCodeSchema } from './membership';
import { phoneSchema } from './phone';
import { withValues } from '../message';

// SPEC 2 and 5: the membership application, step by step. The wizard, the tRPC procedure and
// POST /request all validate with these. Their own file because the phone number brings
// libphonenumber-js: the pages that import the rest of the membership schemas (registration, the
// admin's) do not load it.

export const REQUIRED_FIELDS = /*i18n*/ 'Please fill out all required fields.';
export const INVALID_EMAIL = /*i18n*/ 'Invalid email format.';

const requiredText = (max: number) =>
  z
    .string({ error: REQUIRED_FIELDS })
    .trim()
    .min(1, REQUIRED_FIELDS)
    .max(max, withValues(/*i18n*/ 'Must be at most {max} characters.', { max }));
/** Optional free text: '' and absent both mean "not given". */
const optionalText = (max: number) =>
  z.string().trim().max(max, withValues(/*i18n*/ 'Must be at most {max} characters.', { max })).optional();

/** Wizard step 2, Personal Information. */
export const ApplicationPersonalSchema = z.object({
  full_name: requiredText(100),
  email: z.string({ error: REQUIRED_FIELDS }).trim().toLowerCase().min(1, REQUIRED_FIELDS).max(254, INVALID_EMAIL).email(INVALID_EMAIL),
  /** DECISIONS "International phone numbers": any valid number, answered in E.164 (SPEC 5's '1-4155550123' too). */
  phone: phoneSchema(REQUIRED_FIELDS),
  reason: requiredText(2000),
  interests: z.array(z.enum(INTERESTS), { error: REQUIRED_FIELDS }).min(1, REQUIRED_FIELDS).max(INTERESTS.length),
});

const applicationDetailsShape = {
  availability: z.enum(AVAILABILITY, { error: REQUIRED_FIELDS }),
  membershipType: z.enum(APPLICATION_MEMBERSHIP_TYPES, { error: REQUIRED_FIELDS }),
  propertyAddress: optionalText(300),
  propertyType: optionalText(100),
  propertyDescription: optionalText(2000),
  propertyAvailability: z.union([z.enum(PROPERTY_AVAILABILITY), z.literal('')]).optional(),
  referral: optionalText(500),
  comments: optionalText(2000),
};

export const PROPERTY_FIELDS = ['propertyAddress', 'propertyType', 'propertyDescription', 'propertyAvailability'] as const;

/** SPEC 5: a Travel Host application also asks for the four property fields (the form shows them then). */
export function applicationNeedsProperty(membershipType: string): boolean {
  return membershipType === 'Travel Host';
}

function travelHostNeedsProperty(
  value: { membershipType: string } & Partial<Record<(typeof PROPERTY_FIELDS)[number], string>>,
  ctx: z.RefinementCtx,
) {
  if (!applicationNeedsProperty(value.membershipType)) return;
  for (const field of PROPERTY_FIELDS) {
    if (!value[field]) ctx.addIssue({ code: 'custom', path: [field], message: REQUIRED_FIELDS });
  }
}

/** Wizard step 3, Additional Information. */
export const ApplicationDetailsSchema = z.object(applicationDetailsShape).superRefine(travelHostNeedsProperty);

/** POST /request: the SPEC 7 application payload. */
export const ApplicationInputSchema = ApplicationPersonalSchema.extend({
  invitationCode: InvitationCodeSchema,
  ...applicationDetailsShape,
}).superRefine(travelHostNeedsProperty);
export type ApplicationInput = z.infer<typeof ApplicationInputSchema>;
