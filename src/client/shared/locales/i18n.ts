// Written by scripts/i18n-compile.ts: the page's i18n, with this feature's English ICU messages.
import { i18n } from '../../i18n/i18n';
import { messages } from './en';

i18n.load('en', messages);
export { i18n };
