import { ComingSoon } from '../../components/coming-soon';

export function CalendarPage() {
  return <ComingSoon title="Events" />;
}
