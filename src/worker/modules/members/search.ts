import { sql, type SQL } from 'drizzle-orm';
import type { ProfileViewer } from '../../../shared/members';
import { columnRef } from '../../db/column-ref';
import { users } from '../../db/schema/users';

/*
 * The directory's search (issue 22) over member_search, the FTS5 index that migrations/
 * 0018_member_search.sql creates and its triggers keep in step with users and member_profiles.
 * Words and word prefixes of what a card shows: name, title, company, city, country (its names in
 * the club's languages: 0034_member_search_all_fields.sql), industry and interests, case- and
 * accent-insensitive (the unicode61 tokenizer with remove_diacritics, on the index and on the
 * query alike).
 */

/** At most this many words of a search are used; a longer search only narrows further. */
const MAX_TERMS = 8;

/** The searched words: letters, digits and combining marks, as the unicode61 tokenizer splits them. */
export function searchTerms(q: string): string[] {
  return q
    .normalize('NFC')
    .split(/[^\p{L}\p{N}\p{M}]+/u)
    .filter(Boolean)
    .slice(0, MAX_TERMS);
}

/**
 * Another member's search reads only the columns that hold what members are shown: a field she
 * keeps to admins is indexed in its admin_* twin (admin_title, admin_country, …), which this column
 * filter leaves out, so it can never be what matched her.
 */
const MEMBER_COLUMNS = '{name title company city country industry interests}';

/**
 * The FTS5 query of a search: every word as a prefix ("fin"* finds Fintech), all of them needed.
 * Each word is a quoted string, so nothing the member types is read as FTS5 syntax. Null when the
 * search has no word (only punctuation): no search then.
 */
export function ftsQuery(q: string, viewer: ProfileViewer): string | null {
  const terms = searchTerms(q).map((t) => `"${t}"*`);
  if (!terms.length) return null;
  return terms.map((t) => (viewer === 'admin' ? t : `${MEMBER_COLUMNS} : ${t}`)).join(' AND ');
}

/** "The member of the outer row matches the search": her id among the index's matches. */
export function memberSearchSql(match: string): SQL {
  return sql`${columnRef(users.id)} IN (SELECT rowid FROM member_search WHERE member_search MATCH ${match})`;
}
