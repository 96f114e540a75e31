import { useState } from 'react';
import { FormMessage } from '../../components/field';
import { useToast } from '../../components/toast';
import { downloadFrom } from '../../lib/download';
import { i18n } from './locales/i18n';

const EXPORT_PATH = '/api/account/export';

/**
 * Settings > Your data (DECISIONS "The member's own data"): the ZIP the Worker makes. Fetched
 * rather than a plain link so a refusal (the daily limit) shows here instead of replacing the page.
 */
export function YourDataSettings() {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  async function download() {
    setBusy(true);
    setError('');
    try {
      const failed = await downloadFrom(EXPORT_PATH, 'owow-my-data.zip');
      if (failed) {
        setError(failed.error ?? i18n.t('Could not prepare your data. Please try again later.'));
        return;
      }
      toast(i18n.t('Your data was downloaded.'), 'success');
    } catch {
      setError(i18n.t('Could not download your data. Please check your connection and try again.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card form-card" aria-labelledby="your-data-heading">
      <h2 id="your-data-heading">{i18n.t('Your data')}</h2>
      <p className="muted">
        {i18n.t(
          'A ZIP file with everything the club holds about you: your profile, application, properties and homes, stays, events you created or joined, invitations, comments, likes, images (with the original files), emails sent to you, signed-in devices and your settings. You can download it 3 times a day.',
        )}
      </p>
      <FormMessage>{error}</FormMessage>
      <button type="button" className="button" onClick={() => void download()} disabled={busy}>
        {busy ? i18n.t('Preparing…') : i18n.t('Download my data')}
      </button>
    </section>
  );
}
