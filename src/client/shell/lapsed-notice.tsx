import { Link } from 'wouter';
import { lapsedMessage } from '../../shared/membership-term';

/**
 * What a lapsed member sees on a member page she no longer opens (DECISIONS "Membership terms"):
 * its own chunk, so the entry every visitor loads carries neither the term's rules nor the date
 * formatter for a page only a lapsed member sees.
 */
export function LapsedNotice({ renewsOn }: { renewsOn: string }) {
  return (
    <section className="page narrow center stack" data-testid="membership-lapsed">
      <h1>Membership lapsed</h1>
      <p role="alert">{lapsedMessage(renewsOn)}</p>
      <p className="muted">Your account, your data and its download stay open to you in Settings.</p>
      <p>
        <Link href="/settings" className="button">
          Settings
        </Link>
      </p>
    </section>
  );
}
