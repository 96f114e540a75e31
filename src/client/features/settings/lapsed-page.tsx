import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { CLUB_NOTE_MAX } from '../../../shared/membership-term';
import { FormMessage, TextAreaField } from '../../components/field';
import { YourDataSettings } from './your-data-settings';
import './lapsed-page.css';
import { withNodes } from '../../i18n/with-nodes';
import { lapsedText } from './membership-texts';
import { i18n } from './locales/i18n';

/**
 * Issue 46: the one button that reaches the club. Her note goes to the club's admins by email
 * (POST /api/membership/contact, which she keeps while lapsed); they answer her by email.
 */
export function ContactClub({ label = i18n.t('Write to the club') }: { label?: string }) {
  const [open, setOpen] = useState(false);
  const [message, setMessage] = useState('');
  const [state, setState] = useState<{ busy?: boolean; error?: string; sent?: string }>({});

  async function send(e: FormEvent) {
    e.preventDefault();
    setState({ busy: true });
    try {
      const res = await fetch('/api/membership/contact', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        credentials: 'same-origin',
        body: JSON.stringify({ message }),
      });
      const body = (await res.json().catch(() => null)) as { message?: string; error?: string } | null;
      setState(res.ok ? { sent: body?.message } : { error: body?.error ?? i18n.t('Your message could not be sent. Please try again.') });
    } catch {
      setState({ error: i18n.t('Your message could not be sent. Please check your connection and try again.') });
    }
  }

  if (state.sent)
    return (
      <p className="form-message form-message-success" role="status">
        {state.sent}
      </p>
    );
  if (!open)
    return (
      <button type="button" className="button" onClick={() => setOpen(true)}>
        {label}
      </button>
    );
  return (
    <form className="contact-club stack" onSubmit={send} aria-label={i18n.t('Write to the club')}>
      <TextAreaField
        label={i18n.t('Your message to the club’s admins (optional)')}
        name="message"
        rows={4}
        maxLength={CLUB_NOTE_MAX}
        hint={i18n.t('They receive it by email with your name and address, and answer you by email.')}
        value={message}
        onChange={(e) => setMessage(e.target.value)}
      />
      <FormMessage>{state.error}</FormMessage>
      <button type="submit" className="button" disabled={state.busy}>
        {state.busy ? i18n.t('Sending…') : i18n.t('Send to the club')}
      </button>
    </form>
  );
}

/**
 * Where a lapsed member lands (issue 46; DECISIONS "Membership terms"): /home and every member
 * page she no longer opens. It says when her membership lapsed, gives her one way to reach the
 * club, and what she keeps: Settings, her conversations to read and her data. Its own chunk.
 */
export function LapsedNotice({ renewsOn }: { renewsOn: string }) {
  return (
    <section className="page narrow stack lapsed-page" data-testid="membership-lapsed">
      <h1>{i18n.t('Membership lapsed')}</h1>
      <p role="alert" className="lapsed-date">
        {lapsedText(renewsOn)}
      </p>
      <ContactClub />
      <h2>{i18n.t('What you can still do')}</h2>
      <ul className="lapsed-keeps">
        <li>
          {withNodes((m) => i18n.t('{settings}: your account, sign-in, profile and email choices.', m), {
            settings: <Link href="/settings">{i18n.t('Settings')}</Link>,
          })}
        </li>
        <li>
          {withNodes((m) => i18n.t('{messages}: read your conversations.', m), {
            messages: <Link href="/messages">{i18n.t('Messages')}</Link>,
          })}
        </li>
      </ul>
      <YourDataSettings />
    </section>
  );
}
