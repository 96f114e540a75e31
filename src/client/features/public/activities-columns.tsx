const COLUMNS = [
  {
    name: 'Travel',
    intro: 'In-network vacation homes',
    items: ['New York', 'Carmel', 'Maui', 'Hong Kong', 'Thailand', 'Beijing', 'Tokyo'],
  },
  {
    name: 'Gathering',
    intro: 'Circles that meet around a shared craft',
    items: ['Art', 'Writing', 'Media', 'Performance Arts', 'Gardening', 'Tea culture', 'Meditation'],
  },
  {
    name: 'Showcase',
    intro: 'Members share what they create',
    items: ['artwork exhibition', 'video/movie viewing', 'book reading', 'tea/wine tasting', 'food sampling'],
  },
];

/**
 * SPEC 2's Activities page: three columns; with `counts` (a Gathering's name, lower-cased, to
 * "24 members"), each Gathering that is a circle says how many members it has.
 */
export function ActivitiesColumns({ counts }: { counts?: ReadonlyMap<string, string> }) {
  return (
    <section className="page">
      <h1>Activities</h1>
      <div className="columns three">
        {COLUMNS.map((col) => (
          <article key={col.name} className="card">
            <h2>{col.name}</h2>
            <p className="muted">{col.intro}</p>
            <ul className="pill-list">
              {col.items.map((item) => {
                const members = col.name === 'Gathering' ? counts?.get(item.toLowerCase()) : undefined;
                return <li key={item}>{members ? `${item}: ${members}` : item}</li>;
              })}
            </ul>
          </article>
        ))}
      </div>
    </section>
  );
}
