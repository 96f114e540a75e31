import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'wouter';
import type { SettingsSection } from '../../../shared/settings-sections';
import './settings.css';

/** Each section's name in the list (the card's own heading says the same). */
export const SECTION_TITLES: Record<SettingsSection, string> = {
  membership: 'Membership',
  account: 'Account',
  preferences: 'Preferences',
  profile: 'Profile',
  privacy: 'Privacy',
  password: 'Password',
  app: 'The app',
  email: 'Notifications',
  calendar: 'Calendar feed',
  passkeys: 'Passkeys',
  'two-factor': 'Two-factor sign-in',
  devices: 'Signed-in devices',
  data: 'Your data',
  delete: 'Delete account',
};

/** Settings' table of contents (issue 46): beside the cards on a wide screen, above them on a phone. */
export function SettingsContents({ sections, current }: { sections: readonly SettingsSection[]; current: SettingsSection | undefined }) {
  return (
    <nav className="settings-contents" aria-label="Settings sections">
      <ul>
        {sections.map((s) => (
          <li key={s}>
            <Link href={`/settings/${s}`} aria-current={s === current ? 'location' : undefined}>
              {SECTION_TITLES[s]}
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
