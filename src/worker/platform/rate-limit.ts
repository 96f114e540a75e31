import { AppError } from './app-error';
import { BINDING_POLICIES, type LimiterBinding } from './rate-limit-policy';

/**
 * Asks one of the Workers Rate Limiting bindings; over the limit is a 429 with Retry-After (the
 * binding's period, 10 or 60 seconds) and the policy it hit (RateLimit-Policy and RateLimit).
 */
export async function enforceRateLimit(
  env: Record<LimiterBinding, RateLimit>,
  binding: LimiterBinding,
  key: string,
  message = /*i18n*/ 'Too many attempts. Please wait a minute and try again.',
): Promise<void> {
  const { success } = await env[binding].limit({ key });
  if (!success) {
    const policy = BINDING_POLICIES[binding];
    throw new AppError('TOO_MANY_REQUESTS', message, { retryAfter: policy.window, policy });
  }
}
