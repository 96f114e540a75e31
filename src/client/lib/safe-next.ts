/** Only same-site paths may be a post-login destination (no //evil.example or URLs). */
export function safeNext(raw: string | null, fallback = '/home'): string {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return fallback;
  if (raw.startsWith('/login') || raw.startsWith('/logout')) return fallback;
  return raw;
}
