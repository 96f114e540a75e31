import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from 'wouter';
import type { FirstSteps } from '../../../shared/schemas/club';
import { useTRPC } from '../../lib/trpc';
import { i18n } from './locales/i18n';

// Texts of the page's language, made as it renders.
const steps = (): { key: keyof FirstSteps; label: string; href: string }[] => [
  { key: 'photo', label: i18n.t('Add a photo'), href: '/settings/profile' },
  { key: 'profile', label: i18n.t('Complete your profile: job title, city, what you love to do'), href: '/settings/profile' },
  { key: 'directory', label: i18n.t('Choose how you are listed in the members directory'), href: '/settings/profile' },
  { key: 'event', label: i18n.t('Join an event'), href: '/calendar' },
];

/**
 * Issue 46: a newcomer's first steps on /home, each ticked from what she did (the server reads
 * them), and put away for good with Dismiss (kept on the server, so on every device).
 */
export function FirstStepsCard({ steps: ticked }: { steps: FirstSteps }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const dismiss = useMutation(
    trpc.club.dismissFirstSteps.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries(trpc.club.yourClub.pathFilter()),
    }),
  );
  const list = steps();
  const done = list.filter((s) => ticked[s.key]).length;
  return (
    <section className="card club-card first-steps" aria-labelledby="first-steps-heading">
      <div className="first-steps-head">
        <h3 id="first-steps-heading">{i18n.t('Welcome to the club: your first steps')}</h3>
        <button
          type="button"
          className="icon-button"
          aria-label={i18n.t('Dismiss first steps')}
          disabled={dismiss.isPending}
          onClick={() => dismiss.mutate()}
        >
          ×
        </button>
      </div>
      <p className="muted">{i18n.t('{done} of {total} done.', { done, total: list.length })}</p>
      <ol className="first-steps-list">
        {list.map((s) => (
          <li key={s.key} className={ticked[s.key] ? 'is-done' : undefined}>
            <span className="first-steps-mark" aria-hidden="true">
              {ticked[s.key] ? '✓' : ''}
            </span>
            {ticked[s.key] ? (
              <span>
                {s.label} <span className="visually-hidden">{i18n.t('(done)')}</span>
              </span>
            ) : (
              <Link href={s.href}>{s.label}</Link>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
