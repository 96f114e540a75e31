import { Link } from 'wouter';
import { i18n } from './locales/i18n';

/** The heading both mail pages share, with a link across to the other one. */
export function MailPageHead({ title, intro, link }: { title: string; intro: string; link: { href: string; label: string } }) {
  return (
    <header className="page-head mail-page-head">
      <div>
        <p className="eyebrow">{i18n.t('Admin')}</p>
        <h1>{title}</h1>
        <p className="muted">{intro}</p>
      </div>
      <Link href={link.href} className="button button-secondary">
        {link.label}
      </Link>
    </header>
  );
}
