import { ComingSoon } from '../../components/coming-soon';

export function MailPage() {
  return <ComingSoon title="Send Message" />;
}
