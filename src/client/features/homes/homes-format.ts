import { formatDate } from '../../../shared/date-format';
import { formatDayRange } from '../../../shared/date-ranges';
import type { AvailabilityWindow, HomeAmenity } from '../../../shared/schemas/homes';
import { i18n } from './locales/i18n';

/** yyyy-mm-dd as "Jul 14, 2026": calendar days, through the shared formatter. */
export const formatDay = formatDate;

/** An open window, "Jul 14, 2026 – Jul 20, 2026" (Intl's range in another language). */
export const formatRange = (w: AvailabilityWindow) => formatDayRange(w.start, w.end);

export const place = (h: { city: string; region?: string; country: string }) => [h.city, h.country].filter(Boolean).join(', ');

// HOME_AMENITIES' names in the page's language (the value kept is the English one).
const amenityLabels = (): Record<HomeAmenity, string> => ({
  'Wi-Fi': i18n.t('Wi-Fi'),
  Kitchen: i18n.t('Kitchen'),
  'Washing machine': i18n.t('Washing machine'),
  'Air conditioning': i18n.t('Air conditioning'),
  Heating: i18n.t('Heating'),
  Workspace: i18n.t('Workspace'),
  Parking: i18n.t('Parking'),
  Garden: i18n.t('Garden'),
  Balcony: i18n.t('Balcony'),
  Pool: i18n.t('Pool'),
  Elevator: i18n.t('Elevator'),
  'Pets welcome': i18n.t('Pets welcome'),
  'Step-free access': i18n.t('Step-free access'),
});

/** An amenity's name to show. */
export const amenityLabel = (amenity: string) => amenityLabels()[amenity as HomeAmenity] ?? amenity;
