import { ComingSoon } from '../../components/coming-soon';

export function ApplicationPage() {
  return <ComingSoon title="Club Application" />;
}
