import { describe, expect, it } from 'vitest';
import { SERVER_RENDERED_CATALOGS } from '../../../src/client/i18n/server-catalogs';
import { catalogs } from '../../../src/client/locales/catalogs-fr';
import { firstScreenCatalogs } from '../../../src/client/routes';

// Issue 41: the Worker carries only the client catalogs its first screens need (its gzip budget).
describe("the Worker's client catalogs", () => {
  it('hold the catalog of every page the Worker renders', () => {
    const needed = new Set(['shell', 'common', ...firstScreenCatalogs()]);
    expect([...needed].filter((c) => !SERVER_RENDERED_CATALOGS.includes(c))).toEqual([]);
    expect(needed.has('events') && needed.has('settings') && needed.has('circles')).toBe(true);
  });

  it("leave out the others: the admin's pages are rendered in the browser only", async () => {
    await expect(catalogs.admin!()).rejects.toThrow("The admin catalog is not in the Worker's bundle");
    const events = await catalogs.events!();
    expect(Object.keys(events.messages).length).toBeGreaterThan(50);
  });
});
