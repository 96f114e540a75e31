import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'wouter';
import type { SettingsSection } from '../../../shared/settings-sections';
import './settings.css';
import { i18n } from './locales/i18n';

/** Each section's name in the list (the card's own heading says the same). */
const sectionTitles = (): Record<SettingsSection, string> => ({
  membership: i18n.t('Membership'),
  account: i18n.t('Account'),
  preferences: i18n.t('Preferences'),
  profile: i18n.t('Profile'),
  privacy: i18n.t('Privacy'),
  password: i18n.t('Password'),
  app: i18n.t('The app'),
  email: i18n.t('Notifications'),
  calendar: i18n.t('Calendar feed'),
  passkeys: i18n.t('Passkeys'),
  'two-factor': i18n.t('Two-factor sign-in'),
  devices: i18n.t('Signed-in devices'),
  data: i18n.t('Your data'),
  delete: i18n.t('Delete account'),
});

/** Settings' table of contents (issue 46): beside the cards on a wide screen, above them on a phone. */
export function SettingsContents({ sections, current }: { sections: readonly SettingsSection[]; current: SettingsSection | undefined }) {
  const titles = sectionTitles();
  return (
    <nav className="settings-contents" aria-label={i18n.t('Settings sections')}>
      <ul>
        {sections.map((s) => (
          <li key={s}>
            <Link href={`/settings/${s}`} aria-current={s === current ? 'location' : undefined}>
              {titles[s]}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * One card of Settings, the place /settings/{section} names: shown, it is scrolled to (below the
 * sticky header) and focused, so a keyboard or screen reader continues from there.
 */
export function SettingsSectionPlace({
  section,
  current,
  children,
}: {
  section: SettingsSection;
  current: SettingsSection | undefined;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const named = section === current;
  useEffect(() => {
    // After the shell's scroll restoration (a layout effect) has put a new page at its top.
    if (!named || !ref.current) return;
    ref.current.scrollIntoView({ block: 'start' });
    ref.current.focus({ preventScroll: true });
  }, [named]);
  return (
    <div ref={ref} className="settings-section" data-section={section} tabIndex={named ? -1 : undefined}>
      {children}
    </div>
  );
}
