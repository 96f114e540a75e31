import { Link } from 'wouter';
import { useAuth } from '../../shared/use-auth';
import { i18n } from './locales/i18n';

// Texts of the page's language: made as it renders.
const tiers = () => [
  {
    name: 'Flying',
    summary: i18n.t('For members who come to gather and travel.'),
    benefits: [i18n.t('Annual membership fee'), i18n.t('All gatherings and showcases'), i18n.t('Stays in in-network vacation homes'), i18n.t('Minimum membership of 6 months')],
  },
  {
    name: 'Executive',
    summary: i18n.t('For members who travel often with the club.'),
    benefits: [i18n.t('80% discount on vacation housing'), i18n.t('All gatherings and showcases'), i18n.t('Priority on invite-only events'), i18n.t('Minimum membership of 6 months')],
  },
  {
    name: 'Hosting',
    summary: i18n.t('For members who open their vacation home to the club.'),
    benefits: [i18n.t('Host members in your vacation home'), i18n.t('Minimum 1 month per year of hosting'), i18n.t('All gatherings and showcases'), i18n.t('Minimum membership of 6 months')],
  },
];

export function MembershipPage() {
  // Members reach the homes the Hosting tier is about; visitors see the tiers only.
  const { authenticated } = useAuth();
  return (
    <section className="page">
      <h1>{i18n.t('Membership')}</h1>
      <p className="lead">{i18n.t('Membership is by invitation. Every tier has a minimum membership of 6 months.')}</p>
      <div className="columns three">
        {tiers().map((tier) => (
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
                <Link href="/homes">{i18n.t("Browse the members' homes")}</Link>
              </p>
            ) : null}
          </article>
        ))}
      </div>
      <p className="center tier-apply">
        <Link href="/request" className="button">{i18n.t('Apply with Invitation Code')}</Link>
      </p>
    </section>
  );
}
