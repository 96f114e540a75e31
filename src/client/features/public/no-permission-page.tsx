import { Link } from 'wouter';
import { i18n } from './locales/i18n';

export function NoPermissionPage() {
  return (
    <section className="page narrow center">
      <h1>{i18n.t('Access Denied')}</h1>
      <p>{i18n.t('You do not have the necessary permission to view this content')}</p>
      <p>
        <Link href="/login" className="button">{i18n.t('Login')}</Link>
      </p>
    </section>
  );
}
