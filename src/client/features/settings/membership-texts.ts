import { formatDate } from '../../../shared/date-format';
import { lapsesOn } from '../../../shared/membership-term';
import { i18n } from './locales/i18n';

/** src/shared/membership-term.ts's lapsedMessage (the server's refusal, in English) in the page's language. */
export const lapsedText = (renewsOn: string) =>
  i18n.t('Your membership lapsed on {date}. Please contact the club to renew.', { date: formatDate(lapsesOn(renewsOn)) });
