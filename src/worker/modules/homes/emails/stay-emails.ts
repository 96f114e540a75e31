import { formatDate } from '../../../../shared/date-format';
import { buttonHtml, escapeHtml } from '../../mail/layout';

/** The emails of a stay's steps: each goes to the other side (DECISIONS "Travel Host homes"). */

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
${escapeHtml(formatDate(s.startDate))} to ${escapeHtml(formatDate(s.endDate))} · ${s.nights} night${s.nights === 1 ? '' : 's'} · ${s.guests} guest${s.guests === 1 ? '' : 's'}</p>`;
}

const noteHtml = (label: string, note: string) =>
  note.trim() ? `<p>${escapeHtml(label)}</p><blockquote>${escapeHtml(note).replace(/\n/g, '<br>')}</blockquote>` : '';

/** To the host: a member asks for a stay. */
export function stayRequestedEmail(o: { stay: StayFacts; hostName: string; guestName: string; message: string; link: string }) {
  return {
    subject: `Stay request for ${o.stay.homeTitle}`,
    bodyHtml: `<p>Dear ${escapeHtml(o.hostName)},</p>
<p>${escapeHtml(o.guestName)} would like to stay at your home.</p>
${factsHtml(o.stay)}
${noteHtml(`${o.guestName} wrote:`, o.message)}
${buttonHtml(o.link, 'Answer the request')}`,
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
    subject: `Your stay at ${o.stay.homeTitle} is confirmed`,
    bodyHtml: `<p>Dear ${escapeHtml(o.guestName)},</p>
<p>${escapeHtml(o.hostName)} accepted your stay.</p>
${factsHtml(o.stay)}
<p>The address: <strong>${escapeHtml(o.address)}</strong></p>
${noteHtml(`${o.hostName} wrote:`, o.message)}
${buttonHtml(o.link, 'See your stay')}`,
  };
}

/** To the guest: the host declined. */
export function stayDeclinedEmail(o: { stay: StayFacts; guestName: string; hostName: string; message: string; link: string }) {
  return {
    subject: `Your stay request for ${o.stay.homeTitle} was declined`,
    bodyHtml: `<p>Dear ${escapeHtml(o.guestName)},</p>
<p>${escapeHtml(o.hostName)} cannot host you for these dates.</p>
${factsHtml(o.stay)}
${noteHtml(`${o.hostName} wrote:`, o.message)}
${buttonHtml(o.link, 'Find another home')}`,
  };
}

/** To the other side: the stay (or request) was cancelled. */
export function stayCancelledEmail(o: { stay: StayFacts; recipientName: string; byName: string; message: string; link: string }) {
  return {
    subject: `Stay cancelled: ${o.stay.homeTitle}`,
    bodyHtml: `<p>Dear ${escapeHtml(o.recipientName)},</p>
<p>${escapeHtml(o.byName)} cancelled this stay.</p>
${factsHtml(o.stay)}
${noteHtml(`${o.byName} wrote:`, o.message)}
${buttonHtml(o.link, 'See your stays')}`,
  };
}
