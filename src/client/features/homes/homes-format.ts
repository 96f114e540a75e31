import type { AvailabilityWindow } from '../../../shared/schemas/homes';

const dayFormat = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** yyyy-mm-dd as "14 Jul 2026" (calendar days, so read in UTC). */
export const formatDay = (d: string) => dayFormat.format(new Date(`${d}T00:00:00Z`));

export const formatRange = (w: AvailabilityWindow) => `${formatDay(w.start)} – ${formatDay(w.end)}`;

export const place = (h: { city: string; region?: string; country: string }) => [h.city, h.country].filter(Boolean).join(', ');

export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
