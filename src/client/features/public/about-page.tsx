import { i18n } from './locales/i18n';

export function AboutPage() {
  return (
    <article className="page prose">
      <h1>{i18n.t('About the club')}</h1>
      <section>
        <h2>{i18n.t('WHY')}</h2>
        <p>
          {i18n.t(
            'Women who lead companies spend their days being outstanding at work. Few places let them simply be themselves among peers, without an agenda, a pitch or a deal on the table. We wanted that place.',
          )}
        </p>
      </section>
      <section>
        <h2>{i18n.t('WHAT')}</h2>
        <p>
          {i18n.t(
            "A community for off-work hobbies, relaxation and gatherings: art, writing, tea, gardening and meditation circles; travel to members' vacation homes; and showcases where members share what they create.",
          )}
        </p>
      </section>
      <section>
        <h2>{i18n.t('WHAT NOT')}</h2>
        <p>
          {i18n.t(
            'Not a networking event, not a business club, not a place to sell. Work stays at the door; what is shared here stays here.',
          )}
        </p>
      </section>
      <p className="tagline">Outstanding Women Outside Work</p>
    </article>
  );
}
