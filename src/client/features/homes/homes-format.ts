import { formatDate } from '../../../shared/date-format';
import type { AvailabilityWindow } from '../../../shared/schemas/homes';

/** yyyy-mm-dd as "Jul 14, 2026": calendar days, through the shared formatter. */
export const formatDay = formatDate;

export const formatRange = (w: AvailabilityWindow) => `${formatDay(w.start)} – ${formatDay(w.end)}`;

export const place = (h: { city: string; region?: string; country: string }) => [h.city, h.country].filter(Boolean).join(', ');

export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
