// Written by scripts/i18n-compile.ts: the catalogs of en, each a chunk of its own.
import type { Messages } from '@lingui/core';

export const catalogs: Record<string, () => Promise<{ messages: Messages }>> = {

};
