import type { ReactNode } from 'react';

// http(s) URLs up to the next whitespace or quote/angle bracket; trailing punctuation that
// usually ends a sentence is given back to the text.
const URL_PATTERN = /\bhttps?:\/\/[^\s<>"']+/gi;
const TRAILING = /[.,;:!?)\]}]+$/;

function splitTrailing(candidate: string): [string, string] {
  let url = candidate;
  let rest = '';
  const m = TRAILING.exec(url);
  if (m) {
    rest = m[0];
    url = url.slice(0, -rest.length);
    // Keep a closing parenthesis that belongs to the URL, e.g. a Wikipedia link "…_(band)".
    while (rest.startsWith(')') && (url.match(/\(/g)?.length ?? 0) > (url.match(/\)/g)?.length ?? 0)) {
      url += ')';
      rest = rest.slice(1);
    }
  }
  return [url, rest];
}

function isSafeHttpUrl(value: string): boolean {
  try {
    const u = new URL(value);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * Plain text with its http(s) links made clickable. Everything is rendered as React text, so
 * anything that looks like HTML shows literally; links open in a new tab without handing the
 * opener, the referrer, or search-engine credit to the target.
 */
export function LinkifiedText({ text }: { text: string }) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const start = match.index ?? 0;
    const [url, rest] = splitTrailing(match[0]);
    if (!url || !isSafeHttpUrl(url)) continue;
    if (start > last) parts.push(text.slice(last, start));
    parts.push(
      <a key={start} href={url} target="_blank" rel="noopener noreferrer nofollow">
        {url}
      </a>,
    );
    last = start + url.length;
    if (rest) {
      parts.push(rest);
      last += rest.length;
    }
  }
  if (last < text.length) parts.push(text.slice(last));
  return <>{parts}</>;
}
