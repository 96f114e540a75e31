import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * axe on this page, run in the page itself (axe.run: @axe-core/playwright's legacy mode). The
 * default mode runs axe.runPartial in each frame, then opens a blank page, injects axe there a
 * second time and merges: the same rules and the same results on these pages (measured: equal
 * passes, nodes and violations on /calendar, /members, /settings, /admin/insights, /mail), at
 * about half the time, and without the default's wait on a sandboxed frame (the email preview,
 * which runs no script: 26 s on /mail). Legacy mode tests same-origin frames only; the app has
 * no other.
 */
export const axe = (page: Page) => new AxeBuilder({ page }).setLegacyMode();
