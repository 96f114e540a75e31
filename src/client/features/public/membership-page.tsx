import { Link } from 'wouter';
import { useAuth } from '../../shared/use-auth';

const TIERS = [
  {
    name: 'Flying',
    summary: 'For members who come to gather and travel.',
    benefits: ['Annual membership fee', 'All gatherings and showcases', 'Stays in in-network vacation homes', 'Minimum membership of 6 months'],
  },
  {
    name: 'Executive',
    summary: 'For members who travel often with the club.',
    benefits: ['80% discount on vacation housing', 'All gatherings and showcases', 'Priority on invite-only events', 'Minimum membership of 6 months'],
  },
  {
    name: 'Hosting',
    summary: 'For members who open their vacation home to the club.',
    benefits: ['Host members in your vacation home', 'Minimum 1 month per year of hosting', 'All gatherings and showcases', 'Minimum membership of 6 months'],
  },
];

export function MembershipPage() {
  // Members reach the homes the Hosting tier is about; visitors see the tiers only.
  const { authenticated } = useAuth();
  return (
    <section className="page">
      <h1>Membership</h1>
      <p className="lead">Membership is by invitation. Every tier has a minimum membership of 6 months.</p>
      <div className="columns three">
        {TIERS.map((tier) => (
          <article key={tier.name} className="card tier">
            <h2>{tier.name}</h2>
            <p className="muted">{tier.summary}</p>
            <ul className="checklist">
              {tier.benefits.map((b) => (
                <li key={b}>{b}</li>
              ))}
            </ul>
            {tier.name === 'Hosting' && authenticated ? (
              <p>
                <Link href="/homes">Browse the members' homes</Link>
              </p>
            ) : null}
          </article>
        ))}
      </div>
      <p className="center">
        <Link href="/request" className="button">Apply with Invitation Code</Link>
      </p>
    </section>
  );
}
