import * as z from 'zod';

/**
 * Zod compiles fast object parsers with `new Function` where it may, and first tries whether it
 * may. The club's Content-Security-Policy forbids eval (script-src without 'unsafe-eval'), so in
 * the browser that try is a CSP violation reported on every page that validates a form (a Console
 * error and a Lighthouse best-practices issue), and Workers forbid eval too. Every schema module
 * imports this file, so zod never tries.
 */
z.config({ jitless: true });
