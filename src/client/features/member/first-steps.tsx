import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from 'wouter';
import type { FirstSteps } from '../../../shared/schemas/club';
import { useTRPC } from '../../lib/trpc';

const STEPS: { key: keyof FirstSteps; label: string; href: string }[] = [
  { key: 'photo', label: 'Add a photo', href: '/settings/profile' },
  { key: 'profile', label: 'Complete your profile: job title, city, what you love to do', href: '/settings/profile' },
  { key: 'directory', label: 'Choose how you are listed in the members directory', href: '/settings/profile' },
  { key: 'event', label: 'Join an event', href: '/calendar' },
];

/**
 * Issue 46: a newcomer's first steps on /home, each ticked from what she did (the server reads
 * them), and put away for good with Dismiss (kept on the server, so on every device).
 */
export function FirstStepsCard({ steps }: { steps: FirstSteps }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const dismiss = useMutation(
    trpc.club.dismissFirstSteps.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries(trpc.club.yourClub.pathFilter()),
    }),
  );
  const done = STEPS.filter((s) => steps[s.key]).length;
  return (
    <section className="card club-card first-steps" aria-labelledby="first-steps-heading">
      <div className="first-steps-head">
        <h3 id="first-steps-heading">Welcome to the club: your first steps</h3>
        <button
          type="button"
          className="icon-button"
          aria-label="Dismiss first steps"
          disabled={dismiss.isPending}
          onClick={() => dismiss.mutate()}
        >
          ×
        </button>
      </div>
      <p className="muted">
        {done} of {STEPS.length} done.
      </p>
      <ol className="first-steps-list">
        {STEPS.map((s) => (
          <li key={s.key} className={steps[s.key] ? 'is-done' : undefined}>
            <span className="first-steps-mark" aria-hidden="true">
              {steps[s.key] ? '✓' : ''}
            </span>
            {steps[s.key] ? (
              <span>
                {s.label} <span className="visually-hidden">(done)</span>
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
