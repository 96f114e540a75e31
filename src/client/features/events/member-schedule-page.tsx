import { ComingSoon } from '../../components/coming-soon';

export function MemberSchedulePage() {
  return <ComingSoon title="My schedule" />;
}
