import { i18n } from './locales/i18n';

// Texts of the page's language, made as it renders; a Gathering's `key` is its circle's English name.
const columns = (): { name: string; title: string; intro: string; items: [key: string, label: string][] }[] => [
  {
    name: 'Travel',
    title: i18n.t('Travel'),
    intro: i18n.t('In-network vacation homes'),
    // Places: names, as written.
    items: ['New York', 'Carmel', 'Maui', 'Hong Kong', 'Thailand', 'Beijing', 'Tokyo'].map((place) => [place, place]),
  },
  {
    name: 'Gathering',
    title: i18n.t('Gathering'),
    intro: i18n.t('Circles that meet around a shared craft'),
    items: [
      ['Art', i18n.t('Art')],
      ['Writing', i18n.t('Writing')],
      ['Media', i18n.t('Media')],
      ['Performance Arts', i18n.t('Performance Arts')],
      ['Gardening', i18n.t('Gardening')],
      ['Tea culture', i18n.t('Tea culture')],
      ['Meditation', i18n.t('Meditation')],
    ],
  },
  {
    name: 'Showcase',
    title: i18n.t('Showcase'),
    intro: i18n.t('Members share what they create'),
    items: [i18n.t('artwork exhibition'), i18n.t('video/movie viewing'), i18n.t('book reading'), i18n.t('tea/wine tasting'), i18n.t('food sampling')].map(
      (text) => [text, text],
    ),
  },
];

/**
 * SPEC 2's Activities page: three columns; with `counts` (a Gathering's name, lower-cased, to
 * "24 members"), each Gathering that is a circle says how many members it has.
 */
export function ActivitiesColumns({ counts }: { counts?: ReadonlyMap<string, string> }) {
  return (
    <section className="page">
      <h1>{i18n.t('Activities')}</h1>
      <div className="columns three">
        {columns().map((col) => (
          <article key={col.name} className="card">
            <h2>{col.title}</h2>
            <p className="muted">{col.intro}</p>
            <ul className="pill-list">
              {col.items.map(([key, label]) => {
                const members = col.name === 'Gathering' ? counts?.get(key.toLowerCase()) : undefined;
                return <li key={key}>{members ? `${label}: ${members}` : label}</li>;
              })}
            </ul>
          </article>
        ))}
      </div>
    </section>
  );
}
