import { DeleteAccountInputSchema, EmailPreferencesSchema } from '../../../shared/schemas/account';
import { describeRoutes, OkSchema } from '../../platform/openapi';
import type { accountRoutes } from './rest';

const PreferencesSchema = EmailPreferencesSchema.meta({
  id: 'EmailPreferences',
  description: 'Each optional kind of email: on unless she turned it off.',
});

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
