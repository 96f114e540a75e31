import { describe, expect, it } from 'vitest';
import { BOOT_SCRIPT, BOOT_SCRIPT_HASH, BOOT_SCRIPT_ID } from '../../../src/shared/boot-script';
import { request } from '../helpers';

// Issue 27: a page that paints from its HTML asks for its scripts once it has painted, through one
// inline script that the Content-Security-Policy allows by its hash and nothing else inline.

async function sha256Base64(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  return btoa(String.fromCharCode(...digest));
}

const BOOT = new RegExp(`<script id="${BOOT_SCRIPT_ID}" data-scripts="([^"]+)">([\\s\\S]*?)</script>`);

describe('the boot script', () => {
  it('is allowed by the policy through the hash of its exact text', async () => {
    expect(BOOT_SCRIPT_HASH).toBe(`'sha256-${await sha256Base64(BOOT_SCRIPT)}'`);
  });

  it.each(['/', '/login', '/membership', '/calendar'])(
    'replaces the module script and its preloads on %s, as the text the policy allows',
    async (path) => {
      const res = await request(path, { contract: false });
      const html = await res.text();
      expect(res.headers.get('Content-Security-Policy')).toContain(`script-src 'self' ${BOOT_SCRIPT_HASH};`);
      const boot = BOOT.exec(html);
      expect(boot?.[2]).toBe(BOOT_SCRIPT);
      // The entry first, then every chunk of the page, each a file of the build.
      const files = boot![1]!.split(' ');
      expect(files[0]).toMatch(/^\/assets\/index-[\w-]+\.js$/);
      expect(files.length).toBeGreaterThan(1);
      for (const f of files) expect(f).toMatch(/^\/assets\/[\w-]+\.js$/);
      // Nothing else asks for a script before the page has painted, and no other script is inline.
      expect(html).not.toContain('<script type="module"');
      expect(html).not.toContain('rel="modulepreload"');
      expect(html.match(/<script(?![^>]*type="application\/json")/g)).toHaveLength(1);
    },
  );

  it('is not on the empty shell, which paints nothing until its scripts run', async () => {
    const html = await (await request('/events/some-event', { contract: false })).text();
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain(`id="${BOOT_SCRIPT_ID}"`);
    expect(html).toMatch(/<script type="module" crossorigin src="\/assets\/index-[\w-]+\.js">/);
  });
});
