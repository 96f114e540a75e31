import { useRef, useState, type FormEvent } from 'react';
import { FormMessage } from '../../components/field';
import { useHydrated } from '../../lib/use-hydrated';
import { errorMessage } from '../../lib/trpc';
import { MessageTextarea } from './message-textarea';
import { i18n } from './locales/i18n';

interface ComposerProps {
  /** Sends the text (trimmed); the box empties once the server has it. */
  send: (body: string) => Promise<unknown>;
  label?: string;
  placeholder?: string;
  autoFocus?: boolean;
  /** Sends nothing (no recipient chosen yet). */
  disabled?: boolean;
  /** The box over the whole width, Send under it with the keys' hint (a new conversation's first message). */
  stacked?: boolean;
}

/**
 * The box she writes in, and Send. What she typed is hers until the server accepts it: a refusal
 * (a limit, a rule) says why and keeps the text; live updates of the conversation never touch it.
 */
export function Composer({
  send,
  label = i18n.t('Write a message'),
  placeholder = i18n.t('Write a message…'),
  autoFocus,
  disabled,
  stacked,
}: ComposerProps) {
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const box = useRef<HTMLTextAreaElement>(null);
  const hydrated = useHydrated();
  const body = text.trim();
  const canSend = hydrated && !disabled && !busy && body.length > 0;

  async function submit(e?: FormEvent) {
    e?.preventDefault();
    if (!canSend) return;
    setBusy(true);
    setError('');
    try {
      await send(body);
      // What she typed while it was on its way stays.
      setText((now) => (now.trim() === body ? '' : now));
    } catch (err) {
      setError(errorMessage(err, i18n.t('Your message could not be sent. Please try again.')));
    } finally {
      setBusy(false);
      box.current?.focus();
    }
  }

  return (
    <form className={stacked ? 'composer composer-stacked' : 'composer'} onSubmit={(e) => void submit(e)}>
      {error ? <FormMessage>{error}</FormMessage> : null}
      <div className="composer-row">
        <div className="composer-box">
          <MessageTextarea
            ref={box}
            label={label}
            placeholder={placeholder}
            value={text}
            onChange={setText}
            onSubmit={() => void submit()}
            autoFocus={autoFocus}
            enterKeyHint="enter"
          />
        </div>
        <div className="composer-foot">
          {stacked ? <span className="composer-keys">{i18n.t('Enter sends · Shift+Enter starts a new line')}</span> : null}
          <button type="submit" className="button composer-send" disabled={!canSend} aria-label={i18n.t('Send')}>
            {busy ? i18n.t('Sending…') : i18n.t('Send')}
          </button>
        </div>
      </div>
    </form>
  );
}
