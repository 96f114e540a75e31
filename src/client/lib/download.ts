/**
 * Fetches a file the Worker makes (her data's ZIP, the roster's CSV) and hands it to the browser
 * as a download. Fetched rather than a plain link, so a refusal shows where she asked instead of
 * replacing the page: a failed answer resolves to the server's message (or null), a download to
 * undefined; a network failure throws.
 */
export async function downloadFrom(path: string, fallbackName: string): Promise<{ error: string | null } | undefined> {
  const res = await fetch(path, { credentials: 'same-origin' });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { error?: string } | null;
    return { error: body?.error ?? null };
  }
  const name = /filename="([^"]+)"/.exec(res.headers.get('Content-Disposition') ?? '')?.[1] ?? fallbackName;
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  // The browser has taken the file; the blob may go after this turn.
  setTimeout(() => URL.revokeObjectURL(url), 0);
  return undefined;
}
