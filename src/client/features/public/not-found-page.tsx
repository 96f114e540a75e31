import { Link } from 'wouter';
import { i18n } from './locales/i18n';

export function NotFoundPage() {
  return (
    <section className="page narrow center">
      <h1>{i18n.t("Oops! You're not supposed to be here!")}</h1>
      <p>
        <Link href="/" className="button">{i18n.t('Back to Home')}</Link>
      </p>
    </section>
  );
}
