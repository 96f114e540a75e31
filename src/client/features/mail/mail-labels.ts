import type { RecipientGroup } from '../../../shared/constants';
import type { DeliveryStatus } from '../../../shared/schemas/mail';
import { i18n } from './locales/i18n';

/** src/shared/schemas/mail.ts's labels (English) in the page's language. */
export const recipientGroupLabels = (): Record<RecipientGroup, string> => ({
  all: i18n.t('All members'),
  founding: i18n.t('Founding members'),
  standard: i18n.t('Standard members'),
  travel: i18n.t('Travel Hosts'),
  admins: i18n.t('Administrators'),
  testing: i18n.t('Testing (only me)'),
  selected: i18n.t('Selected members'),
});

export const deliveryStatusLabels = (): Record<DeliveryStatus, string> => ({
  queued: i18n.t('Queued'),
  sending: i18n.t('Sending'),
  sent: i18n.t('Sent'),
  failed: i18n.t('Failed'),
  skipped: i18n.t('Skipped (opted out)'),
});

/** What an email was (its kind in the outbox); a kind not listed shows as it is. */
export const kindLabels = (): Record<string, string> => ({
  group: i18n.t('Group mail'),
  registration: i18n.t('Registration invitation'),
  password_reset: i18n.t('Password reset'),
  event_invitation: i18n.t('Event invitation'),
  event_confirmation: i18n.t('Event confirmation'),
  event_announcement: i18n.t('Event announcement'),
  event_reminder: i18n.t('Event reminder'),
  event_waitlist_place: i18n.t('Waitlist place'),
  home_stay: i18n.t('Home stay'),
  application_rejected: i18n.t('Application rejected'),
  application_received: i18n.t('Application received'),
  passkey_added: i18n.t('Passkey added'),
});

/** 'n members', the recipients' count. */
export const membersText = (count: number) => i18n.t('{count, plural, one {# member} other {# members}}', { count });
