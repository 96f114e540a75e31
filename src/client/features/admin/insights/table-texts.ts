import type { DataTable } from '../../../../shared/insights-tables';
import type { InsightsPanel } from '../../../../shared/schemas/insights';
import { translateText } from '../../../i18n/i18n';
import { i18n } from '../locales/i18n';

/** A panel's title in the page's language (its English: PANEL_TITLES, the CSV's). */
export const panelTitle = (panel: InsightsPanel) =>
  ({
    membership: i18n.t('Membership'),
    applications: i18n.t('Applications'),
    events: i18n.t('Events'),
    engagement: i18n.t('Engagement'),
    mail: i18n.t('Mail'),
    homes: i18n.t('Homes'),
  })[panel];

/**
 * The English texts of the tables (src/shared/insights-tables.ts, which also writes the panels'
 * CSV, kept in English) in the page's language: titles, columns and the figures' names.
 */
const texts = (): Record<string, string> => ({
  'Joined and lapsed': i18n.t('Joined and lapsed'),
  'Members by status now': i18n.t('Members by status now'),
  'Members joined and lapsed': i18n.t('Members joined and lapsed'),
  'Renewals due': i18n.t('Renewals due'),
  'Members by type': i18n.t('Members by type'),
  'Members by country': i18n.t('Members by country'),
  'Applications received in the period, and where they are now': i18n.t('Applications received in the period, and where they are now'),
  'Applications received': i18n.t('Applications received'),
  'Events held': i18n.t('Events held'),
  'Places offered': i18n.t('Places offered'),
  'Places taken': i18n.t('Places taken'),
  'Fill rate per event': i18n.t('Fill rate per event'),
  'Participation by event type': i18n.t('Participation by event type'),
  'Active members': i18n.t('Active members'),
  'Active in the last 30 days': i18n.t('Active in the last 30 days'),
  'Group mail': i18n.t('Group mail'),
  'Deliveries per mail': i18n.t('Deliveries per mail'),
  'Unsubscribes per email category': i18n.t('Unsubscribes per email category'),
  Stays: i18n.t('Stays'),
  'Stays per home': i18n.t('Stays per home'),
  'Week from': i18n.t('Week from'),
  'Month from': i18n.t('Month from'),
  Figure: i18n.t('Figure'),
  'This period': i18n.t('This period'),
  'Previous period': i18n.t('Previous period'),
  Status: i18n.t('Status'),
  Members: i18n.t('Members'),
  'Within (days)': i18n.t('Within (days)'),
  Type: i18n.t('Type'),
  Country: i18n.t('Country'),
  Date: i18n.t('Date'),
  Event: i18n.t('Event'),
  Capacity: i18n.t('Capacity'),
  'Waitlist at start': i18n.t('Waitlist at start'),
  'Fill rate (%)': i18n.t('Fill rate (%)'),
  'Share (%)': i18n.t('Share (%)'),
  Name: i18n.t('Name'),
  Email: i18n.t('Email'),
  'Member since': i18n.t('Member since'),
  'Last activity': i18n.t('Last activity'),
  'Sent on': i18n.t('Sent on'),
  Subject: i18n.t('Subject'),
  Recipients: i18n.t('Recipients'),
  Sent: i18n.t('Sent'),
  Failed: i18n.t('Failed'),
  'Skipped (opted out)': i18n.t('Skipped (opted out)'),
  'Still sending': i18n.t('Still sending'),
  Category: i18n.t('Category'),
  'Turned off now': i18n.t('Turned off now'),
  'In this period': i18n.t('In this period'),
  Home: i18n.t('Home'),
  Host: i18n.t('Host'),
  Requested: i18n.t('Requested'),
  Accepted: i18n.t('Accepted'),
  Declined: i18n.t('Declined'),
  'Nights hosted': i18n.t('Nights hosted'),
  'Stays requested': i18n.t('Stays requested'),
  Joined: i18n.t('Joined'),
  Lapsed: i18n.t('Lapsed'),
  Active: i18n.t('Active'),
  Grace: i18n.t('Grace'),
  Applications: i18n.t('Applications'),
  Applied: i18n.t('Applied'),
  Registered: i18n.t('Registered'),
  Rejected: i18n.t('Rejected'),
  'Still pending': i18n.t('Still pending'),
  'Median days to a decision': i18n.t('Median days to a decision'),
  'Group mails sent': i18n.t('Group mails sent'),
  'Deliveries sent': i18n.t('Deliveries sent'),
  'Deliveries failed': i18n.t('Deliveries failed'),
});

/** The columns whose cells are the names of figures, statuses, event types or email categories (not what members wrote). */
// eslint-disable-next-line lingui/no-unlocalized-strings -- the tables' English column names, their ids
const LABEL_COLUMNS = new Set(['Figure', 'Status', 'Type', 'Category']);

/** A panel's table in the page's language: its title, its columns, and the names in its first column. */
export function translatedTable(table: DataTable): DataTable {
  const t = texts();
  // A name of src/shared's (an event type, an email category) is a message of its catalog.
  const say = (text: string) => t[text] ?? translateText(text);
  const labelled = LABEL_COLUMNS.has(table.columns[0] ?? '');
  return {
    ...table,
    title: say(table.title),
    columns: table.columns.map(say),
    rows: labelled ? table.rows.map(([first, ...rest]) => [typeof first === 'string' ? say(first) : (first ?? null), ...rest]) : table.rows,
  };
}
