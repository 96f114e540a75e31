import { ComingSoon } from '../../components/coming-soon';

export function ForgotPasswordPage() {
  return <ComingSoon title="Forgot password" />;
}
