import { NAME_PLACEHOLDER } from '../../../../shared/schemas/mail';
import { NOTIFICATION_KINDS, NOTIFICATION_KIND_INFO, type NotificationKind } from '../../../../shared/notifications';
import { i18n, translate } from '../../../platform/i18n';
import { appLink, buttonHtml, escapeHtml } from '../../mail/layout';

/** An entry as an email shows it: its sentence and where it leads. */
export interface EmailedEntry {
  kind: NotificationKind;
  text: string;
  url: string;
  /** The daily summary lists a kind's entries under this (a new post: its circle's name). */
  group?: string;
}

/** A subject line from a sentence: one line, at most 150 characters. */
function subjectOf(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 150 ? `${line.slice(0, 149)}…` : line;
}

/** The instant email of one entry (merged: its sentence already counts everyone since the last one). */
export function instantNotificationEmail(entry: EmailedEntry, appOrigin: string) {
  return {
    subject: subjectOf(entry.text),
    bodyHtml: `<p>${i18n._('Dear {name},', { name: NAME_PLACEHOLDER })}</p>
<p>${escapeHtml(entry.text)}.</p>
${buttonHtml(appLink(appOrigin, entry.url), i18n._('Open it in the club'))}
<p style="font-size:13px;color:#6b5d57">${i18n._('You chose to be emailed at once about {kind}. Settings › Email changes it.', { kind: escapeHtml(translate(NOTIFICATION_KIND_INFO[entry.kind].label).toLowerCase()) })}</p>`,
  };
}

/** Headings of the daily summary, per kind (English ids; written in the email's language). */
const DIGEST_HEADINGS: Record<NotificationKind, string> = {
  comment: /*i18n*/ 'Comments',
  like: /*i18n*/ 'Likes',
  event_changed: /*i18n*/ 'Event changes',
  waitlist_place: /*i18n*/ 'Waitlist places',
  stay: /*i18n*/ 'Stays',
  application: /*i18n*/ 'Membership applications',
  new_event: /*i18n*/ 'New events',
  message: /*i18n*/ 'Messages',
  circle_post: /*i18n*/ 'New posts in your circles',
  circle_request: /*i18n*/ 'Requests to join your circles',
  circle_accepted: /*i18n*/ 'Circles you joined',
  event_join_request: /*i18n*/ 'Requests to join your events',
  event_join_answer: /*i18n*/ 'Your requests to join events',
  event_feedback: /*i18n*/ 'How was it?',
};

const entryItem = (e: EmailedEntry, appOrigin: string) =>
  `<li style="margin-bottom:8px"><a href="${escapeHtml(appLink(appOrigin, e.url))}" style="color:#8a5a44">${escapeHtml(e.text)}</a></li>`;
const entryList = (items: EmailedEntry[], appOrigin: string) =>
  `<ul style="padding-left:20px;margin:0">${items.map((e) => entryItem(e, appOrigin)).join('')}</ul>`;

/** A kind's entries, under their groups' names when they have one (issue 39: posts by circle). */
function groupedList(items: EmailedEntry[], appOrigin: string): string {
  const groups = [...new Set(items.map((e) => e.group ?? ''))];
  if (groups.length === 1 && groups[0] === '') return entryList(items, appOrigin);
  return groups
    .map(
      (g) =>
        `${g ? `<h3 style="font-size:16px;margin:16px 0 6px">${escapeHtml(g)}</h3>` : ''}${entryList(
          items.filter((e) => (e.group ?? '') === g),
          appOrigin,
        )}`,
    )
    .join('\n');
}

/** The daily summary: her unread entries of the last day, grouped by kind (new posts also by circle). */
export function digestEmail(entries: EmailedEntry[], appOrigin: string) {
  const groups = NOTIFICATION_KINDS.map((kind) => ({ kind, items: entries.filter((e) => e.kind === kind) })).filter((g) => g.items.length);
  const sections = groups
    .map(
      (g) => `<h2 style="font-size:18px;margin:24px 0 8px">${escapeHtml(translate(DIGEST_HEADINGS[g.kind]))}</h2>
${groupedList(g.items, appOrigin)}`,
    )
    .join('\n');
  const n = entries.length;
  return {
    subject: i18n._('Your daily summary: {n, plural, one {# new notification} other {# new notifications}}', { n }),
    bodyHtml: `<p>${i18n._('Dear {name},', { name: NAME_PLACEHOLDER })}</p>
<p>${i18n._('Here is what happened in the club since your last summary.')}</p>
${sections}
${buttonHtml(appLink(appOrigin, '/notifications'), i18n._('See all notifications'))}`,
  };
}
