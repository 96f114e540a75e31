// Written by scripts/i18n-compile.ts: this catalog's own i18n, with its English ICU messages.
import { catalogI18n } from '../../../i18n/i18n';
import { messages } from './en';

export const i18n = catalogI18n('homes', messages);
