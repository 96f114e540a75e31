import { ComingSoon } from '../../components/coming-soon';

export function ApplicationsPage() {
  return <ComingSoon title="Applications" />;
}
