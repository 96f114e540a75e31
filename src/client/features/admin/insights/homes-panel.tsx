import { i18n } from '../locales/i18n';
import { Chart } from './chart';
import { Figure, figureText, Figures, Panel, type PanelProps } from './panel';

const short = (title: string) => (title.length > 14 ? `${title.slice(0, 13)}…` : title);

export function HomesPanel({ data: h, period, before, tables }: PanelProps<'homes'>) {
  const homes = h.per_home;
  return (
    <Panel panel="homes" period={period}>
      <Figures>
        <Figure label={i18n.t('Stays requested')} total={h.requested} before={before} />
        <Figure label={i18n.t('Accepted')} total={h.accepted} before={before} />
        <Figure label={i18n.t('Declined')} total={h.declined} before={before} />
        <Figure label={i18n.t('Nights hosted')} total={h.nights} before={before} />
      </Figures>
      <div className="charts">
        <Chart
          title={i18n.t('Stays requested per home')}
          kind="bar"
          labels={homes.map((x) => short(x.title))}
          detail={homes.map((x) => i18n.t('{home} ({host})', { home: x.title, host: x.host }))}
          xTitle={i18n.t('Home')}
          yTitle={i18n.t('Stays requested')}
          series={[
            { label: i18n.t('Accepted'), values: homes.map((x) => x.accepted) },
            { label: i18n.t('Declined'), values: homes.map((x) => x.declined) },
            { label: i18n.t('Pending or cancelled'), values: homes.map((x) => x.requested - x.accepted - x.declined) },
          ]}
          table={tables['homes.per_home']!}
          summary={i18n.t('Stays requested at {homes} homes: {requested}, of which {accepted} accepted and {declined} declined.', {
            homes: figureText(homes.length),
            requested: figureText(h.requested.value),
            accepted: figureText(h.accepted.value),
            declined: figureText(h.declined.value),
          })}
        />
        <Chart
          title={i18n.t('Nights hosted per home')}
          kind="bar"
          labels={homes.map((x) => short(x.title))}
          detail={homes.map((x) => i18n.t('{home} ({host})', { home: x.title, host: x.host }))}
          xTitle={i18n.t('Home')}
          yTitle={i18n.t('Nights')}
          series={[{ label: i18n.t('Nights hosted'), values: homes.map((x) => x.nights) }]}
          table={tables['homes.per_home']!}
          summary={i18n.t('Nights hosted in the period: {count} in all.', { count: figureText(h.nights.value) })}
        />
      </div>
    </Panel>
  );
}
