import { ComingSoon } from '../../components/coming-soon';

export function AcceptInvitationPage() {
  return <ComingSoon title="Event invitation" />;
}
