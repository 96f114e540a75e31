import type { EmailChoice, EmailMode } from '../../../shared/notifications';
import { i18n } from './locales/i18n';

/** Settings > Notifications' rows in the page's language (src/shared/notifications.ts names them in English). */
export const emailChoiceLabels = (): Record<EmailChoice['id'], string> => ({
  comment: i18n.t('Comments on my events, images and conversations'),
  like: i18n.t('Likes of my comments'),
  event_changed: i18n.t('Changes to events I joined or wait for'),
  waitlist_place: i18n.t('A place for me from a waitlist'),
  stay: i18n.t('Stay requests and their answers'),
  application: i18n.t('New membership applications'),
  new_event: i18n.t('New events'),
  message: i18n.t('Messages from members'),
  circle_post: i18n.t('New posts in my circles'),
  circle_request: i18n.t('Requests to join a circle I host'),
  circle_accepted: i18n.t('My request to join a circle accepted'),
  event_feedback: i18n.t('Feedback requests after events I came to'),
  event_join_request: i18n.t('Requests to join an invite-only event I host'),
  event_join_answer: i18n.t('Answers to my requests to join an event'),
  announcements: i18n.t('Announcements of events I joined'),
  group_mail: i18n.t('Group mail from the club’s admins'),
  reminders: i18n.t('Event reminders (a day before an event I joined)'),
});

/** A row's email choices: a kind's three, a category's two. */
export const emailModeLabels = (): Record<EmailMode | 'on', string> => ({
  off: i18n.t("Don't email"),
  instant: i18n.t('Email me now'),
  daily: i18n.t('Daily summary'),
  on: i18n.t('Email me'),
});
