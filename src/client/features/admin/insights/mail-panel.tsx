import { formatDate } from '../../../../shared/date-format';
import { translateText } from '../../../i18n/i18n';
import { i18n } from '../locales/i18n';
import { Chart } from './chart';
import { Figure, figureText, Figures, listText, namedFigure, Panel, shortDay, type PanelProps } from './panel';

/** The latest mails drawn (the table and the CSV have them all). */
const MAILS_DRAWN = 20;

export function MailPanel({ data: m, period, before, tables }: PanelProps<'mail'>) {
  const drawn = m.per_mail.slice(0, MAILS_DRAWN).reverse();
  return (
    <Panel panel="mail" period={period}>
      <Figures>
        <Figure label={i18n.t('Group mails sent')} total={m.group_mails} before={before} />
        <Figure label={i18n.t('Deliveries sent')} total={m.sent} before={before} />
        <Figure label={i18n.t('Deliveries failed')} total={m.failed} before={before} />
        <Figure label={i18n.t('Skipped (opted out)')} total={m.skipped} before={before} />
      </Figures>
      <div className="charts">
        <Chart
          title={
            m.per_mail.length > MAILS_DRAWN
              ? i18n.t('Deliveries of the last {count} mails', { count: figureText(MAILS_DRAWN) })
              : i18n.t('Deliveries per mail')
          }
          kind="bar"
          labels={drawn.map((x) => shortDay(x.sent_at))}
          detail={drawn.map((x) => i18n.t('{subject} ({date})', { subject: x.subject, date: formatDate(x.sent_at.slice(0, 10)) }))}
          xTitle={i18n.t('Group mail, by the day it was sent')}
          yTitle={i18n.t('Recipients')}
          series={[
            { label: i18n.t('Sent'), values: drawn.map((x) => x.sent) },
            { label: i18n.t('Failed'), values: drawn.map((x) => x.failed) },
            { label: i18n.t('Skipped (opted out)'), values: drawn.map((x) => x.skipped) },
          ]}
          table={tables['mail.per_mail']!}
          summary={i18n.t('Deliveries of {mails} group mails: {sent} sent, {failed} failed, {skipped} skipped.', {
            mails: figureText(m.group_mails.value),
            sent: figureText(m.sent.value),
            failed: figureText(m.failed.value),
            skipped: figureText(m.skipped.value),
          })}
        />
        <Chart
          title={i18n.t('Unsubscribes per email category')}
          kind="bar"
          // Its first word (a language without spaces: up to its bracket) under the bar; the whole label on hover.
          labels={m.unsubscribes.map((u) => translateText(u.label).split(/[\s(（]/)[0]!)}
          detail={m.unsubscribes.map((u) => translateText(u.label))}
          xTitle={i18n.t('Email category')}
          yTitle={i18n.t('Members')}
          series={[
            { label: i18n.t('Turned off before the period'), values: m.unsubscribes.map((u) => u.total - u.in_period.value) },
            { label: i18n.t('Turned off in the period'), values: m.unsubscribes.map((u) => u.in_period.value) },
          ]}
          table={tables['mail.unsubscribes']!}
          summary={i18n.t('Members who turned off each kind of email: {list}.', {
            list: listText(m.unsubscribes.map((u) => namedFigure(translateText(u.label), u.total))),
          })}
        />
      </div>
    </Panel>
  );
}
