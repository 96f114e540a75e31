import { useState } from 'react';
import { formatDate } from '../../../shared/date-format';
import { addDays, lapsesOn } from '../../../shared/membership-term';
import { ContactClub } from './lapsed-page';
import './renewal-banner.css';
import { i18n } from './locales/i18n';

const DISMISSED_KEY = 'owow:renewal-banner';

function dismissedStage(): string | null {
  try {
    return localStorage.getItem(DISMISSED_KEY);
  } catch {
    return null;
  }
}

/**
 * Issue 46: on her pages, a member whose renewal is within 30 days or who is in grace reads when,
 * with the same button as a lapsed member's page to reach the club. Dismissed, it stays away until
 * the next stage (due, then grace, then a new term's date).
 */
export function RenewalBanner({ renewsOn, grace }: { renewsOn: string; grace: boolean }) {
  const stage = `${renewsOn}:${grace ? 'grace' : 'due'}`;
  const [hidden, setHidden] = useState(() => dismissedStage() === stage);
  if (hidden) return null;
  const text = grace
    ? i18n.t('Your membership ended on {ended}; you have until {until} to renew.', {
        ended: formatDate(renewsOn),
        until: formatDate(addDays(lapsesOn(renewsOn), -1)),
      })
    : i18n.t('Your membership renews on {date}.', { date: formatDate(renewsOn) });
  function dismiss() {
    try {
      localStorage.setItem(DISMISSED_KEY, stage);
    } catch {
      // Private mode: hidden for this page only.
    }
    setHidden(true);
  }
  return (
    <aside className={`renewal-banner ${grace ? 'is-grace' : ''}`} aria-label={i18n.t('Membership renewal')}>
      <div className="renewal-banner-inner">
        <p className="renewal-banner-text">{text}</p>
        <ContactClub />
        <button type="button" className="icon-button renewal-banner-close" aria-label={i18n.t('Dismiss')} onClick={dismiss}>
          ×
        </button>
      </div>
    </aside>
  );
}
