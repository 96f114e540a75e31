import { i18n } from './locales/i18n';

export function MemberHomePage() {
  return (
    <section className="page narrow">
      <h1>{i18n.t("Member's Home Page")}</h1>
    </section>
  );
}
