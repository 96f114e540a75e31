import { ComingSoon } from '../../components/coming-soon';

export function EventPage() {
  return <ComingSoon title="Event" />;
}
