/*
 * The build's version stamp (issue 44): the git commit and its date, put into the bundle at build
 * time by esbuild's define (scripts/lib/build-version.ts: `npm run deploy`, `npm start`, the
 * dry-run deploy of `npm test`). A build made without it (vitest, `npm run dev`) says so.
 */
declare const __BUILD_COMMIT__: string | undefined;
declare const __BUILD_DATE__: string | undefined;

export interface BuildVersion {
  /** The short commit hash, with "-dirty" when the tree held uncommitted changes. */
  commit: string;
  /** The commit's date, ISO 8601 UTC; null for an unstamped build. */
  date: string | null;
}

export const BUILD_VERSION: BuildVersion = {
  commit: typeof __BUILD_COMMIT__ === 'string' ? __BUILD_COMMIT__ : 'unstamped',
  date: typeof __BUILD_DATE__ === 'string' ? __BUILD_DATE__ : null,
};

/** One line, as GET /healthz tells it: "520e8dd 2026-11-27T08:31:12Z". */
export function versionLine(v: BuildVersion = BUILD_VERSION): string {
  return v.date ? `${v.commit} ${v.date}` : v.commit;
}
