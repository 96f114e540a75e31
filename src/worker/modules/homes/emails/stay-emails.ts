import { formatDate } from '../../../../shared/date-format';
import { i18n } from '../../../platform/i18n';
import { buttonHtml, escapeHtml } from '../../mail/layout';

/** The emails of a stay's steps: each goes to the other side (DECISIONS "Travel Host homes"), in her language. */

interface StayFacts {
  homeTitle: string;
  city: string;
  country: string;
  startDate: string;
  endDate: string;
  nights: number;
  guests: number;
}

function factsHtml(s: StayFacts): string {
  const where = [s.city, s.country].filter(Boolean).join(', ');
  return `<p><strong>${escapeHtml(s.homeTitle)}</strong>${where ? ` · ${escapeHtml(where)}` : ''}<br>
${i18n._('{start} to {end} · {nights, plural, one {# night} other {# nights}} · {guests, plural, one {# guest} other {# guests}}', { start: escapeHtml(formatDate(s.startDate)), end: escapeHtml(formatDate(s.endDate)), nights: s.nights, guests: s.guests })}</p>`;
}

/** Her note as she wrote it, under "{name} wrote:". */
const noteHtml = (name: string, note: string) =>
  note.trim()
    ? `<p>${escapeHtml(i18n._('{name} wrote:', { name }))}</p><blockquote>${escapeHtml(note).replace(/\n/g, '<br>')}</blockquote>`
    : '';

const dear = (name: string) => `<p>${i18n._('Dear {name},', { name: escapeHtml(name) })}</p>`;

/** To the host: a member asks for a stay. */
export function stayRequestedEmail(o: { stay: StayFacts; hostName: string; guestName: string; message: string; link: string }) {
  return {
    subject: i18n._('Stay request for {home}', { home: o.stay.homeTitle }),
    bodyHtml: `${dear(o.hostName)}
<p>${i18n._('{name} would like to stay at your home.', { name: escapeHtml(o.guestName) })}</p>
${factsHtml(o.stay)}
${noteHtml(o.guestName, o.message)}
${buttonHtml(o.link, i18n._('Answer the request'))}`,
  };
}

/** To the guest: the host accepted; the exact address is hers now. */
export function stayAcceptedEmail(o: {
  stay: StayFacts;
  guestName: string;
  hostName: string;
  address: string;
  message: string;
  link: string;
}) {
  return {
    subject: i18n._('Your stay at {home} is confirmed', { home: o.stay.homeTitle }),
    bodyHtml: `${dear(o.guestName)}
<p>${i18n._('{name} accepted your stay.', { name: escapeHtml(o.hostName) })}</p>
${factsHtml(o.stay)}
<p>${i18n._('The address: <strong>{address}</strong>', { address: escapeHtml(o.address) })}</p>
${noteHtml(o.hostName, o.message)}
${buttonHtml(o.link, i18n._('See your stay'))}`,
  };
}

/** To the guest: the host declined. */
export function stayDeclinedEmail(o: { stay: StayFacts; guestName: string; hostName: string; message: string; link: string }) {
  return {
    subject: i18n._('Your stay request for {home} was declined', { home: o.stay.homeTitle }),
    bodyHtml: `${dear(o.guestName)}
<p>${i18n._('{name} cannot host you for these dates.', { name: escapeHtml(o.hostName) })}</p>
${factsHtml(o.stay)}
${noteHtml(o.hostName, o.message)}
${buttonHtml(o.link, i18n._('Find another home'))}`,
  };
}

/** To the other side: the stay (or request) was cancelled. */
export function stayCancelledEmail(o: { stay: StayFacts; recipientName: string; byName: string; message: string; link: string }) {
  return {
    subject: i18n._('Stay cancelled: {home}', { home: o.stay.homeTitle }),
    bodyHtml: `${dear(o.recipientName)}
<p>${i18n._('{name} cancelled this stay.', { name: escapeHtml(o.byName) })}</p>
${factsHtml(o.stay)}
${noteHtml(o.byName, o.message)}
${buttonHtml(o.link, i18n._('See your stays'))}`,
  };
}
