import { Chart } from './chart';
import { Figure, Figures, Panel, type PanelProps } from './panel';

const short = (title: string) => (title.length > 14 ? `${title.slice(0, 13)}…` : title);

export function HomesPanel({ data: h, period, before, tables }: PanelProps<'homes'>) {
  const homes = h.per_home;
  return (
    <Panel panel="homes" period={period}>
      <Figures>
        <Figure label="Stays requested" total={h.requested} before={before} />
        <Figure label="Accepted" total={h.accepted} before={before} />
        <Figure label="Declined" total={h.declined} before={before} />
        <Figure label="Nights hosted" total={h.nights} before={before} />
      </Figures>
      <div className="charts">
        <Chart
          title="Stays requested per home"
          kind="bar"
          labels={homes.map((x) => short(x.title))}
          detail={homes.map((x) => `${x.title} (${x.host})`)}
          xTitle="Home"
          yTitle="Stays requested"
          series={[
            { label: 'Accepted', values: homes.map((x) => x.accepted) },
            { label: 'Declined', values: homes.map((x) => x.declined) },
            { label: 'Pending or cancelled', values: homes.map((x) => x.requested - x.accepted - x.declined) },
          ]}
          table={tables['homes.per_home']!}
          summary={`Stays requested at ${homes.length} homes: ${h.requested.value}, of which ${h.accepted.value} accepted and ${h.declined.value} declined.`}
        />
        <Chart
          title="Nights hosted per home"
          kind="bar"
          labels={homes.map((x) => short(x.title))}
          detail={homes.map((x) => `${x.title} (${x.host})`)}
          xTitle="Home"
          yTitle="Nights"
          series={[{ label: 'Nights hosted', values: homes.map((x) => x.nights) }]}
          table={tables['homes.per_home']!}
          summary={`Nights hosted in the period: ${h.nights.value} in all.`}
        />
      </div>
    </Panel>
  );
}
