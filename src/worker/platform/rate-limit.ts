import { AppError } from './app-error';

/**
 * Asks a Workers Rate Limiting binding; over the limit is a 429 with Retry-After. The binding's
 * period is 10 or 60 seconds, so Retry-After is that period.
 */
export async function enforceRateLimit(
  limiter: RateLimit,
  key: string,
  periodSeconds = 60,
  message = 'Too many attempts. Please wait a minute and try again.',
): Promise<void> {
  const { success } = await limiter.limit({ key });
  if (!success) {
    throw new AppError('TOO_MANY_REQUESTS', message, {
      retryAfter: periodSeconds,
    });
  }
}
