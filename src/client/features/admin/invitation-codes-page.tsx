import { ComingSoon } from '../../components/coming-soon';

export function InvitationCodesPage() {
  return <ComingSoon title="Invitation codes" />;
}
