import { useId, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import {
  countryOfLocales,
  describePhone,
  PHONE_MAX,
  phoneCountryOptions,
  readPhone,
  type CountryCode,
} from '../../../shared/schemas/phone';
import { FieldShell } from '../../components/field';
import { withNodes } from '../../i18n/with-nodes';
import { countryOptions } from '../members/profile-labels';
import { i18n } from '../locales/i18n';
import './phone-field.css';

/** The country her browser's languages name (en-GB: United Kingdom), or '' when none does. */
export function browserPhoneCountry(): CountryCode | '' {
  if (typeof navigator === 'undefined') return '';
  return countryOfLocales(navigator.languages?.length ? navigator.languages : [navigator.language]) ?? '';
}

/** The number she typed as the club will keep it: E.164 (read in `country`, else her browser's region, without a +), or as typed when it is not a number. */
export function keptPhone(typed: string, country: CountryCode | ''): string {
  if (!typed.trim()) return '';
  return readPhone(typed, country || browserPhoneCountry() || undefined)?.kept ?? typed;
}

const unchanging = () => () => {};

/** Her browser's region once the page runs in the browser; '' in the first screen's HTML, so hydration matches. */
function useBrowserPhoneCountry(): CountryCode | '' {
  return useSyncExternalStore(unchanging, browserPhoneCountry, () => '');
}

interface PhoneFieldProps {
  label: ReactNode;
  name: string;
  value: string;
  onChange: (value: string) => void;
  /** How a number typed without + is read; '' until she chooses one (her browser's region is shown then). */
  country: CountryCode | '';
  onCountry: (country: CountryCode | '') => void;
  error?: string;
  aside?: ReactNode;
  required?: boolean;
}

/**
 * A phone number field that never rewrites what she typed (issue 46): beside it, the country a
 * number without + belongs to (her browser's region first), and under it the number as the club
 * will keep it ("+81 90 1234 5678, Japan"), so she sees how it is read before she goes on. A number
 * of the right length in a range the library does not know is flagged 'Invalid phone number.'
 * without blocking (DECISIONS "Forms and phone numbers").
 */
export function PhoneField({ label, name, value, onChange, country: chosen, onCountry, error, aside, required }: PhoneFieldProps) {
  const countryId = useId();
  const region = useBrowserPhoneCountry();
  const country = chosen || region;
  const options = useMemo(() => {
    const all = phoneCountryOptions(countryOptions());
    const first = all.find(([code]) => code === region);
    return first ? [first, ...all.filter((o) => o !== first)] : all;
  }, [region]);
  const typed = value.trim();
  const reading = typed ? readPhone(typed, country || undefined) : null;
  const status = !typed ? (
    i18n.t('With its country code (+44 …), or choose the country a number without + is from.')
  ) : !reading ? null : reading.known ? (
    withNodes((m) => i18n.t('Kept as {number}', m), { number: <strong className="phone-kept">{describePhone(reading)}</strong> })
  ) : (
    <span className="phone-flag">
      {i18n.t('Invalid phone number.')}{' '}
      {withNodes((m) => i18n.t('It is kept as typed: {number}', m), { number: <strong className="phone-kept">{reading.shown}</strong> })}
    </span>
  );
  return (
    <FieldShell label={label} error={error} hint={status} aside={aside}>
      {({ id, describedBy }) => (
        <>
          <input
            id={id}
            name={name}
            type="tel"
            autoComplete="tel"
            required={required}
            maxLength={PHONE_MAX}
            aria-describedby={describedBy}
            aria-invalid={error ? true : undefined}
            value={value}
            onChange={(e) => onChange(e.target.value)}
          />
          <div className="phone-country">
            <label htmlFor={countryId}>{i18n.t('A number without + is from')}</label>
            <select id={countryId} value={country} onChange={(e) => onCountry(e.target.value as CountryCode | '')}>
              {country ? null : <option value="">{i18n.t('Choose a country')}</option>}
              {options.map(([code, text]) => (
                <option key={code} value={code}>
                  {text}
                </option>
              ))}
            </select>
          </div>
        </>
      )}
    </FieldShell>
  );
}
