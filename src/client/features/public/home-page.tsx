import { Link } from 'wouter';
import { i18n } from './locales/i18n';

export function HomePage() {
  return (
    <section className="hero">
      <p className="eyebrow">Outstanding Women Outside Work</p>
      <h1>{i18n.t('This is your sanctuary.')}</h1>
      <p className="hero-lead">
        {i18n.t(
          'A private club for women who lead in business, and who would like to meet, rest, create and travel together away from it.',
        )}
      </p>
      <div className="hero-actions">
        <Link href="/about" className="button">{i18n.t('About')}</Link>
        <Link href="/membership" className="button button-secondary">{i18n.t('Membership')}</Link>
        <Link href="/activities" className="button button-secondary">{i18n.t('Activities')}</Link>
      </div>
    </section>
  );
}
