import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { InsightsPanel } from '../../../../shared/schemas/insights';
import { useTRPC } from '../../../lib/trpc';
import { AdminHeader, Loaded } from '../admin-list';
import { i18n } from '../locales/i18n';
import { ApplicationsPanel } from './applications-panel';
import { EngagementPanel } from './engagement-panel';
import { EventsPanel } from './events-panel';
import { HomesPanel } from './homes-panel';
import { MailPanel } from './mail-panel';
import { MembershipPanel } from './membership-panel';
import { tablesOf } from './panel';
import { beforeLabel, usePeriod } from './period';
import { PeriodPicker } from './period-picker';
import './insights.css';
import '../admin.css';

/**
 * /admin/insights (issue 42): the club's health over a period the admin picks (kept in the URL),
 * each figure beside the previous period of the same length, in charts with their tables and a
 * CSV per panel. One request brings every panel (one D1 batch on the server).
 */
export function InsightsPage() {
  const trpc = useTRPC();
  const [choice, setChoice] = usePeriod();
  const insights = useQuery({
    ...trpc.insights.get.queryOptions({ from: choice.from, to: choice.to, tz: choice.tz }),
    placeholderData: keepPreviousData,
  });
  const data = insights.data;
  const before = beforeLabel(choice, data?.period);
  const tables = useMemo(() => {
    if (!data) return null;
    const of = <K extends InsightsPanel>(k: K) => tablesOf(k, data[k], data.period);
    return {
      membership: of('membership'),
      applications: of('applications'),
      events: of('events'),
      engagement: of('engagement'),
      mail: of('mail'),
      homes: of('homes'),
    };
  }, [data]);
  return (
    <section className="page insights-page">
      <AdminHeader
        title={i18n.t('Insights')}
        note={i18n.t('The club’s health at a glance: members, applications, events, activity, mail and homes.')}
      />
      <PeriodPicker key={`${choice.key}-${choice.from}-${choice.to}`} choice={choice} period={data?.period} onChange={setChoice} />
      <Loaded
        query={insights}
        loading={i18n.t('Loading the club’s figures…')}
        failed={i18n.t('The figures could not be loaded.')}
        empty=""
        isEmpty={false}
      >
        {() =>
          data && tables ? (
            <div className="insights-panels" aria-busy={insights.isPlaceholderData}>
              <MembershipPanel data={data.membership} period={data.period} before={before} tables={tables.membership} />
              <ApplicationsPanel data={data.applications} period={data.period} before={before} tables={tables.applications} />
              <EventsPanel data={data.events} period={data.period} before={before} tables={tables.events} />
              <EngagementPanel data={data.engagement} period={data.period} before={before} tables={tables.engagement} />
              <MailPanel data={data.mail} period={data.period} before={before} tables={tables.mail} />
              <HomesPanel data={data.homes} period={data.period} before={before} tables={tables.homes} />
            </div>
          ) : null
        }
      </Loaded>
    </section>
  );
}
