/**
 * The device of a session as Settings shows it ("Chrome 131 on macOS"), read from the User-Agent
 * once, when the session opens (sessions.createSession). Only this summary is stored: the raw
 * header (and any IP) would be more to fingerprint a member by than she needs to recognise her
 * own devices (DECISIONS "Privacy and trust").
 *
 * A small table of the browsers and systems members use rather than ua-parser-js: that package's
 * 2.x line is AGPL-3.0, which is not a licence this Worker can take on lightly, and a label that
 * is only shown back to its owner needs no more than this. Anything unrecognised is null
 * ("Unknown browser"), never a guess.
 */
export interface SessionDevice {
  browser: string | null;
  os: string | null;
}

/** Longer headers are cut before matching: no real browser needs more, and the regexes stay cheap. */
const MAX_UA_LENGTH = 512;

// Order matters: Edge, Opera and Samsung Internet also say "Chrome/", Chrome also says "Safari/".
const BROWSERS: [name: string, pattern: RegExp][] = [
  ['Edge', /\bEdg(?:e|A|iOS)?\/(\d{1,4})(?!\d)/],
  ['Opera', /\b(?:OPR|OPiOS)\/(\d{1,4})(?!\d)/],
  ['Samsung Internet', /\bSamsungBrowser\/(\d{1,4})(?!\d)/],
  ['Firefox', /\b(?:Firefox|FxiOS)\/(\d{1,4})(?!\d)/],
  ['Chrome', /\b(?:HeadlessChrome|Chrome|CriOS)\/(\d{1,4})(?!\d)/],
  ['Safari', /\bVersion\/(\d{1,4})(?!\d)[\d.]*(?: Mobile\/\w+)? Safari\//],
];

const SYSTEMS: [name: string, pattern: RegExp][] = [
  ['Windows', /\bWindows (?:NT|Phone)\b/],
  ['iPadOS', /\biPad\b/],
  ['iOS', /\b(?:iPhone|iPod)\b/],
  ['Android', /\bAndroid\b/],
  ['ChromeOS', /\bCrOS\b/],
  ['macOS', /\bMac OS X\b|\bMacintosh\b/],
  ['Linux', /\bLinux\b/],
];

export function describeUserAgent(userAgent: string | null | undefined): SessionDevice {
  const ua = (userAgent ?? '').slice(0, MAX_UA_LENGTH);
  if (!ua.trim()) return { browser: null, os: null };
  let browser: string | null = null;
  for (const [name, pattern] of BROWSERS) {
    const match = pattern.exec(ua);
    if (match) {
      browser = `${name} ${match[1]}`;
      break;
    }
  }
  const os = SYSTEMS.find(([, pattern]) => pattern.test(ua))?.[0] ?? null;
  // Safari's in-app views on iPhone and iPad carry no Version/: still Apple's WebKit.
  if (!browser && (os === 'iOS' || os === 'iPadOS') && /AppleWebKit\//.test(ua)) browser = 'Safari';
  return { browser, os };
}
