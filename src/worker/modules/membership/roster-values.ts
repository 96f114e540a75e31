import { COUNTRY_OPTIONS, type CountryCode } from '../../../shared/country-codes';
import type { TextValues } from '../../../shared/message';

/*
 * Issue 46: the roster import reads the spreadsheets clubs have. A header is matched whatever its
 * case, spaces, underscores or hyphens ("Member Since" is member_since); a country is an ISO code
 * or its English name (and the common UK, USA); a date is YYYY-MM-DD or a form that cannot be
 * misread ("1 March 2024", "March 1, 2024", "2024/03/01", "13/04/2024"), and one that reads two
 * ways ("03/04/2024") is refused in words naming both.
 */

/** The names spreadsheets commonly give the import's columns. */
const COLUMN_ALIASES: Record<string, string> = {
  e_mail: 'email',
  email_address: 'email',
  full_name: 'name',
  phone_number: 'phone',
};

/** A header cell as the import's column name: 'Member Since', 'member-since' and 'MEMBER_SINCE' are 'member_since'. */
export function columnKey(header: string): string {
  const key = header
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '_')
    .replace(/^_+|_+$/g, '');
  return COLUMN_ALIASES[key] ?? key;
}

/** Names people write for a country besides the list's own. */
const COUNTRY_ALIASES: Record<string, CountryCode> = {
  uk: 'GB',
  'u.k.': 'GB',
  'great britain': 'GB',
  britain: 'GB',
  england: 'GB',
  scotland: 'GB',
  wales: 'GB',
  'northern ireland': 'GB',
  usa: 'US',
  'u.s.': 'US',
  'u.s.a.': 'US',
  'united states of america': 'US',
  uae: 'AE',
  holland: 'NL',
  'the netherlands': 'NL',
  'czech republic': 'CZ',
  'republic of korea': 'KR',
  'ivory coast': 'CI',
  turkiye: 'TR',
  türkiye: 'TR',
  burma: 'MM',
  swaziland: 'SZ',
  'viet nam': 'VN',
};

let countryIndex: Map<string, CountryCode> | undefined;

/** The list's code of an ISO code or an English name, whatever its case ('gb', 'Japan', 'UK'); undefined when it names none. */
export function readCountry(text: string): CountryCode | undefined {
  if (!countryIndex) {
    countryIndex = new Map(Object.entries(COUNTRY_ALIASES));
    for (const [code, name] of COUNTRY_OPTIONS) {
      countryIndex.set(code.toLowerCase(), code);
      countryIndex.set(name.toLowerCase(), code);
    }
  }
  return countryIndex.get(text.trim().replace(/\s+/g, ' ').toLowerCase());
}

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

/** 1-12 for a month's English name or its first three letters ('Mar', 'march', 'Sept'). */
function monthOf(word: string): number | undefined {
  const w = word.toLowerCase().replace(/\.$/, '');
  if (w.length < 3) return undefined;
  const i = MONTHS.findIndex((m) => m === w || (w.length <= 4 && m.startsWith(w)));
  return i === -1 ? undefined : i + 1;
}

const pad = (n: number) => String(n).padStart(2, '0');
const monthName = (month: number) => MONTHS[month - 1]!.replace(/^./, (c) => c.toUpperCase());

/** 'YYYY-MM-DD' when the day exists (no 31 April), else undefined. */
function isoOf(year: number, month: number, day: number): string | undefined {
  if (month < 1 || month > 12 || day < 1 || day > 31) return undefined;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return `${year}-${pad(month)}-${pad(day)}`;
}

/**
 * A row's message: its template (a message of the Worker's catalogs, whose {line} and {column}
 * the import fills in) and its values. Written in English with withValues and stored so, it is
 * translated where the admin reads it (roster-import.ts, messageOf finding the template again).
 */
export interface RowMessage {
  template: string;
  values: TextValues;
}

/** A date cell read: its ISO date, or the reason it cannot be read (naming both readings when it reads two ways). */
export type DateReading = { date: string } | { problem: RowMessage };

/** A roster date: YYYY-MM-DD, YYYY/MM/DD, '1 March 2024', 'March 1, 2024', or DD/MM/YYYY and MM/DD/YYYY when only one reading is a date. */
export function readRosterDate(text: string): DateReading {
  const value = text.trim().replace(/\s+/g, ' ');
  const unreadable = {
    problem: {
      template: /*i18n*/ 'Line {line}: {column} "{value}" is not a date: write it as YYYY-MM-DD, such as 2024-03-01, or as 1 March 2024',
      values: { value },
    },
  };
  let m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(value);
  if (m) {
    const date = isoOf(+m[1]!, +m[2]!, +m[3]!);
    return date ? { date } : unreadable;
  }
  // '1 March 2024', '1 Mar. 2024', '1st March 2024'
  m = /^(\d{1,2})(?:st|nd|rd|th)? ([a-z]+\.?),? (\d{4})$/i.exec(value);
  if (m) {
    const month = monthOf(m[2]!);
    const date = month ? isoOf(+m[3]!, month, +m[1]!) : undefined;
    return date ? { date } : unreadable;
  }
  // 'March 1, 2024', 'Mar 1 2024'
  m = /^([a-z]+\.?) (\d{1,2})(?:st|nd|rd|th)?,? (\d{4})$/i.exec(value);
  if (m) {
    const month = monthOf(m[1]!);
    const date = month ? isoOf(+m[3]!, month, +m[2]!) : undefined;
    return date ? { date } : unreadable;
  }
  // '13/04/2024' (day first) or '04/13/2024' (month first): read only when one reading is a date.
  m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(value);
  if (m) {
    const [a, b, year] = [+m[1]!, +m[2]!, +m[3]!];
    const dayFirst = isoOf(year, b, a);
    const monthFirst = isoOf(year, a, b);
    if (dayFirst && monthFirst && dayFirst !== monthFirst) {
      return {
        problem: {
          template:
            /*i18n*/ 'Line {line}: {column} "{value}" could be {dayFirstText} (day first) or {monthFirstText} (month first): write it as YYYY-MM-DD ({dayFirst} or {monthFirst})',
          values: {
            value,
            dayFirstText: `${a} ${monthName(b)} ${year}`,
            monthFirstText: `${monthName(a)} ${b}, ${year}`,
            dayFirst,
            monthFirst,
          },
        },
      };
    }
    const date = dayFirst ?? monthFirst;
    return date ? { date } : unreadable;
  }
  return unreadable;
}
