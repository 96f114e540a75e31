import { ComingSoon } from '../../components/coming-soon';

export function SentMailPage() {
  return <ComingSoon title="Sent mail" />;
}
