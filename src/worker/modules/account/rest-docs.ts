import { DeleteAccountInputSchema, EmailPreferencesSchema } from '../../../shared/schemas/account';
import { PreferencesSchema as LanguageAndThemeSchema, PreferencesUpdateSchema } from '../../../shared/schemas/preferences';
import { describeRoutes, OkSchema } from '../../platform/openapi';
import type { accountRoutes } from './rest';

const PreferencesSchema = EmailPreferencesSchema.meta({
  id: 'EmailPreferences',
  description: 'Each optional kind of email: on unless she turned it off.',
});

const LanguageAndTheme = LanguageAndThemeSchema.meta({ id: 'Preferences', description: 'Her language and appearance (issue 41).' });

/** The REST routes of the member's own data (issue 12): export-data.ts, delete-account.ts, email preferences. */
export const accountRestDocs = describeRoutes<typeof accountRoutes>()('My data', {
  'GET /api/account/email-preferences': {
    operationId: 'getEmailPreferences',
    summary: 'Which optional emails she receives',
    access: 'member',
    responses: { 200: PreferencesSchema },
  },
  'PUT /api/account/email-preferences': {
    operationId: 'updateEmailPreferences',
    summary: 'Choose which optional emails she receives',
    access: 'member',
    body: EmailPreferencesSchema,
    responses: { 200: PreferencesSchema },
  },
  'GET /api/preferences': {
    operationId: 'getPreferences',
    summary: 'Her language and appearance',
    description: "Her language is the one she chose, else the request's (its `lang` cookie, else Accept-Language, else English).",
    access: 'member',
    responses: { 200: LanguageAndTheme },
  },
  'PUT /api/preferences': {
    operationId: 'updatePreferences',
    summary: 'Choose her language and appearance (any subset)',
    description:
      "Answers the whole object, and sets the device's `lang` and `theme` cookies so its next pages arrive in them. Another value is a 400 and changes nothing.",
    access: 'member',
    body: PreferencesUpdateSchema,
    responses: { 200: LanguageAndTheme },
  },
  'GET /api/account/export': {
    operationId: 'exportMyData',
    summary: 'Everything the club holds about her: a ZIP of JSON and her images',
    access: 'member',
    responses: {
      200: {
        description: 'The archive, as an attachment.',
        mediaType: 'application/zip',
        headers: { 'Content-Disposition': 'attachment; filename="…zip"' },
      },
    },
    errors: [429],
  },
  'DELETE /api/account': {
    operationId: 'deleteMyAccount',
    summary: 'Delete her account (password, and a code with two-factor sign-in on)',
    description: 'Events she created stay, hosted by "Former member". The last admin cannot delete herself (409).',
    access: 'member',
    body: DeleteAccountInputSchema,
    responses: { 200: OkSchema },
    errors: [409, 429],
  },
});
