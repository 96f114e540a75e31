import { formatInstantDate, isoDateInZone, localTimeZone } from '../../../shared/date-format';
import { DISPLAY_MAX_EDGE } from '../../../shared/images';
import type { ImageDto } from '../../../shared/schemas/images';
import { fillIn, i18n } from '../i18n';

/** SPEC 9: dates show as 'MMM dd, yyyy' (the viewer's own day). */
export function formatUploadDate(iso: string): string {
  return formatInstantDate(iso);
}

/** The viewer's local calendar day of an upload. */
function dayKey(iso: string): string {
  return isoDateInZone(iso, localTimeZone());
}

export interface ImageGroup {
  key: string;
  label: string;
  images: ImageDto[];
}

/** Groups by upload day, newest day first and newest image first within a day. */
export function groupByUploadDate(images: ImageDto[]): ImageGroup[] {
  const sorted = [...images].sort((a, b) => b.upload_date.localeCompare(a.upload_date) || b.id - a.id);
  const groups: ImageGroup[] = [];
  for (const image of sorted) {
    const key = dayKey(image.upload_date);
    const last = groups[groups.length - 1];
    if (last?.key === key) last.images.push(image);
    else groups.push({ key, label: formatUploadDate(image.upload_date), images: [image] });
  }
  return groups;
}

/** The display derivative's size (about 1600 px on the long edge), from the original's. */
export function displaySize(image: ImageDto): { width: number; height: number } {
  const w = image.width ?? DISPLAY_MAX_EDGE;
  const h = image.height ?? Math.round((DISPLAY_MAX_EDGE * 2) / 3);
  const scale = Math.min(1, DISPLAY_MAX_EDGE / Math.max(w, h));
  return { width: Math.round(w * scale), height: Math.round(h * scale) };
}

export function imageLabel(image: ImageDto): string {
  return image.title || image.name || fillIn((kept) => i18n.t('Image {id}', kept), { id: String(image.id) });
}

export const isVideo = (image: ImageDto) => image.media_kind === 'video';

/** A video's length as m:ss (h:mm:ss from an hour); '' when unknown. */
export function formatDuration(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds)) return '';
  const total = Math.max(0, Math.round(seconds));
  const [h, m, s] = [Math.floor(total / 3600), Math.floor((total % 3600) / 60), total % 60];
  const ss = String(s).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}
