import { CLUB_NAME } from '../../../shared/constants';
import { countryName } from '../../../shared/country-codes';
import type { MemberProfileDto } from '../../../shared/members';
import { phoneUri } from '../../../shared/schemas/phone';
import type { Actor } from '../../platform/actor';
import type { Deps } from '../../platform/deps';
import { requireMember } from '../../platform/guards';
import { readMemberPage } from './directory';

/*
 * "Save contact" (issue 22): a vCard 4.0 (RFC 6350) of a member with only what she shows the
 * viewer. It is built from the same answer as her page (readMemberPage), so a field hidden there
 * is absent here too: a null field writes no line.
 */

/**
 * Every value of the card, RFC 6350: backslash, comma and semicolon escaped and a line break
 * written \n (3.4); no other control character, which a value may not hold (3.3: VALUE-CHAR is
 * a tab, a visible or a non-ASCII character), so nothing in a value ends its line. Links go
 * through it too: a value is one line whatever the profile holds (issue 45).
 */
export function escapeValue(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/,/g, '\\,')
    .replace(/;/g, '\\;')
    .replace(/\r\n|\r|\n/g, '\\n')
    .replace(/(?!\t)\p{Cc}/gu, '');
}

const encoder = new TextEncoder();

/**
 * RFC 6350 3.2: a content line longer than 75 octets is folded (CRLF and one space), never inside
 * a UTF-8 sequence.
 */
export function foldLine(line: string): string {
  const out: string[] = [];
  let current = '';
  let octets = 0;
  for (const ch of line) {
    const size = encoder.encode(ch).length;
    // The first line holds 75 octets; continuation lines 74 after their leading space.
    const limit = out.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      out.push(current);
      current = '';
      octets = 0;
    }
    current += ch;
    octets += size;
  }
  out.push(current);
  return out.join('\r\n ');
}

function base64(bytes: Uint8Array): string {
  let bin = '';
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin);
}

/** "Eleanor Vance" -> family "Vance", given "Eleanor": the usual reading; FN keeps the name as she wrote it. */
function structuredName(name: string): string {
  const parts = name.trim().split(/\s+/);
  const family = parts.length > 1 ? parts.pop()! : '';
  return `${escapeValue(family)};${escapeValue(parts.join(' '))};;;`;
}

/**
 * A phone as a tel: URI (RFC 3966): the E.164 number ('tel:+442079460958'), or for text that is
 * no number (a profile saved before issue 31), its digits with its separators as hyphens.
 */
function telUri(phone: string): string {
  return (
    phoneUri(phone) ??
    `tel:${phone
      .trim()
      .replace(/[^\d+]+/g, '-')
      .replace(/^-+|-+$/g, '')}`
  );
}

export function buildVcard(member: MemberProfileDto, photo: { bytes: Uint8Array; type: string } | null, origin: string): string {
  const lines = ['BEGIN:VCARD', 'VERSION:4.0', `PRODID:-//${CLUB_NAME}//Members//EN`, `FN:${escapeValue(member.name)}`];
  lines.push(`N:${structuredName(member.name)}`);
  if (member.title) lines.push(`TITLE:${escapeValue(member.title)}`);
  if (member.company) lines.push(`ORG:${escapeValue(member.company)}`);
  if (member.email) lines.push(`EMAIL;TYPE=home:${escapeValue(member.email)}`);
  if (member.phone) lines.push(`TEL;VALUE=uri;TYPE=cell:${telUri(member.phone)}`);
  if (member.city || member.country) {
    const country = member.country ? (countryName(member.country) ?? member.country) : '';
    lines.push(`ADR;TYPE=home:;;;${escapeValue(member.city ?? '')};;;${escapeValue(country)}`);
  }
  if (member.links?.website) lines.push(`URL;TYPE=home:${escapeValue(member.links.website)}`);
  if (member.links?.linkedin) lines.push(`URL;TYPE=linkedin:${escapeValue(member.links.linkedin)}`);
  if (member.interests?.length) lines.push(`CATEGORIES:${member.interests.map(escapeValue).join(',')}`);
  if (member.bio) lines.push(`NOTE:${escapeValue(member.bio)}`);
  if (photo) lines.push(`PHOTO:data:${photo.type};base64,${base64(photo.bytes)}`);
  lines.push(`SOURCE:${origin}/api/members/${member.id}/vcard`);
  lines.push('END:VCARD');
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}

/** An ASCII-safe file name for Content-Disposition, with the UTF-8 one beside it. */
function disposition(name: string): string {
  const ascii =
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^\w .-]+/g, '')
      .trim()
      .slice(0, 80) || 'contact';
  return `attachment; filename="${ascii}.vcf"; filename*=UTF-8''${encodeURIComponent(`${name.trim().slice(0, 80) || 'contact'}.vcf`)}`;
}

export interface VcardFile {
  body: string;
  /** The Content-Disposition of the download. */
  disposition: string;
}

/** GET /api/members/{id}/vcard: the vCard of a member as the viewer may see her, as a download. */
export async function memberVcard(deps: Deps, actor: Actor, memberId: number): Promise<VcardFile> {
  const me = requireMember(actor);
  const { dto, smallPhotoKey } = await readMemberPage(deps, me, memberId);
  let photo: { bytes: Uint8Array; type: string } | null = null;
  if (smallPhotoKey) {
    const object = await deps.env.IMAGES.get(smallPhotoKey);
    if (object) photo = { bytes: new Uint8Array(await object.arrayBuffer()), type: object.httpMetadata?.contentType ?? 'image/webp' };
  }
  return { body: buildVcard(dto, photo, deps.env.APP_ORIGIN), disposition: disposition(dto.name) };
}
