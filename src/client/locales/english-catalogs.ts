// Written by scripts/i18n-compile.ts: the catalogs whose English has ICU messages (the others' English is their ids).
export const ENGLISH_CATALOGS: readonly string[] = [];
