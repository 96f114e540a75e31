import { describe, expect, it } from 'vitest';
import type { Messages } from '@lingui/core';
import { i18n as events } from '../../src/client/features/events/locales/i18n';
import { i18n as homes } from '../../src/client/features/homes/locales/i18n';
import { messages as eventsEs } from '../../src/client/features/events/locales/es';
import { messages as homesEs } from '../../src/client/features/homes/locales/es';
import { i18n as shell, loadCatalog, withLocale } from '../../src/client/i18n/i18n';
import { messages as shellEs } from '../../src/client/locales/es';
import { messages as commonEs } from '../../src/shared/locales/es';

/** The ids two catalogs word differently in one language (Spanish's genders: 'Upcoming' events, 'Upcoming' stays). */
const wordedTwice = (a: Messages, b: Messages) => Object.keys(a).filter((id) => id in b && JSON.stringify(a[id]) !== JSON.stringify(b[id]));

// Issue 41: each catalog has its own i18n, so a text two features word differently shows each
// feature's own wording, whichever catalog loaded last.
describe("each catalog's own i18n", () => {
  it("shows a feature's own wording of a text another catalog words differently", async () => {
    const differ = wordedTwice(eventsEs, homesEs);
    expect(differ.length).toBeGreaterThan(0);
    await loadCatalog('es', 'events');
    await loadCatalog('es', 'homes');
    await loadCatalog('es', 'shell');
    withLocale('es', () => {
      for (const id of differ) {
        expect(events._(id)).not.toBe(homes._(id));
        expect([events._(id), homes._(id)]).toEqual([eventsEs[id], homesEs[id]].map((m) => (Array.isArray(m) ? m.join('') : m)));
      }
      // The shell's own texts stay the shell's (the menu's), and src/shared's reach every catalog.
      const shared = wordedTwice(shellEs, homesEs);
      for (const id of shared) expect(shell._(id)).not.toBe(homes._(id));
      const common = Object.keys(commonEs).find((id) => !id.includes('{') && !(id in homesEs))!;
      expect(homes._(common)).not.toBe(common);
      expect(homes._(common)).toBe(shell._(common));
    });
  });
});
