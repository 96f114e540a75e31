import { formatDate } from '../../../../shared/date-format';
import { Chart } from './chart';
import { Figure, Figures, Panel, type PanelProps } from './panel';

/** The latest mails drawn (the table and the CSV have them all). */
const MAILS_DRAWN = 20;

export function MailPanel({ data: m, period, before, tables }: PanelProps<'mail'>) {
  const drawn = m.per_mail.slice(0, MAILS_DRAWN).reverse();
  return (
    <Panel panel="mail" period={period}>
      <Figures>
        <Figure label="Group mails sent" total={m.group_mails} before={before} />
        <Figure label="Deliveries sent" total={m.sent} before={before} />
        <Figure label="Deliveries failed" total={m.failed} before={before} />
        <Figure label="Skipped (opted out)" total={m.skipped} before={before} />
      </Figures>
      <div className="charts">
        <Chart
          title={m.per_mail.length > MAILS_DRAWN ? `Deliveries of the last ${MAILS_DRAWN} mails` : 'Deliveries per mail'}
          kind="bar"
          labels={drawn.map((x) => formatDate(x.sent_at.slice(0, 10)).slice(0, 6))}
          detail={drawn.map((x) => `${x.subject} (${formatDate(x.sent_at.slice(0, 10))})`)}
          xTitle="Group mail, by the day it was sent"
          yTitle="Recipients"
          series={[
            { label: 'Sent', values: drawn.map((x) => x.sent) },
            { label: 'Failed', values: drawn.map((x) => x.failed) },
            { label: 'Skipped (opted out)', values: drawn.map((x) => x.skipped) },
          ]}
          table={tables['mail.per_mail']!}
          summary={`Deliveries of ${m.group_mails.value} group mails: ${m.sent.value} sent, ${m.failed.value} failed, ${m.skipped.value} skipped.`}
        />
        <Chart
          title="Unsubscribes per email category"
          kind="bar"
          labels={m.unsubscribes.map((u) => u.label.split(' ')[0]!)}
          detail={m.unsubscribes.map((u) => u.label)}
          xTitle="Email category"
          yTitle="Members"
          series={[
            { label: 'Turned off before the period', values: m.unsubscribes.map((u) => u.total - u.in_period.value) },
            { label: 'Turned off in the period', values: m.unsubscribes.map((u) => u.in_period.value) },
          ]}
          table={tables['mail.unsubscribes']!}
          summary={`Members who turned off each kind of email: ${m.unsubscribes.map((u) => `${u.label} ${u.total}`).join(', ')}.`}
        />
      </div>
    </Panel>
  );
}
