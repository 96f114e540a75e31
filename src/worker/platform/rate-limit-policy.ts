/**
 * Issue 47: a 429 says which limit it hit, in the IETF draft's headers (draft-ietf-httpapi-
 * ratelimit-headers): `RateLimit-Policy: "member-writes";q=120;w=60` (the quota q per window of w
 * seconds) and `RateLimit: "member-writes";r=0;t=60` (none remaining, t seconds until there is),
 * beside Retry-After. The Rate Limiting bindings' quotas are wrangler.toml's `simple` limits; the
 * product's own counted limits (a day's conversations, invitations, downloads) name theirs here too.
 */
export interface RateLimitPolicy {
  /** The policy's name on the wire (a token). */
  name: string;
  /** Requests allowed per window. */
  quota: number;
  /** The window, in seconds. */
  window: number;
}

const DAY = 86_400;

/** The Rate Limiting bindings, as wrangler.toml declares them ([[ratelimits]] simple = {limit, period}). */
export const BINDING_POLICIES = {
  LOGIN_IP_LIMITER: { name: 'login-address', quota: 20, window: 60 },
  LOGIN_ACCOUNT_LIMITER: { name: 'login-account', quota: 8, window: 60 },
  PUBLIC_FORM_LIMITER: { name: 'public-forms', quota: 20, window: 60 },
  MAIL_SEND_LIMITER: { name: 'group-mail', quota: 10, window: 60 },
  MEMBER_WRITE_LIMITER: { name: 'member-writes', quota: 120, window: 60 },
  MESSAGE_SEND_LIMITER: { name: 'messages', quota: 60, window: 60 },
} as const satisfies Record<string, RateLimitPolicy>;

export type LimiterBinding = keyof typeof BINDING_POLICIES;

/** Limits the product counts itself (in D1), per member. */
export const COUNTED_POLICIES = {
  conversationsPerDay: (quota: number): RateLimitPolicy => ({ name: 'new-conversations', quota, window: DAY }),
  invitationsPerDay: (quota: number): RateLimitPolicy => ({ name: 'invitations', quota, window: DAY }),
  exportsPerDay: (quota: number): RateLimitPolicy => ({ name: 'data-downloads', quota, window: DAY }),
  loginFailures: (quota: number, window: number): RateLimitPolicy => ({ name: 'login-failures', quota, window }),
};

/** The two headers of a refused request (none remaining), beside its Retry-After. */
export function rateLimitHeaders(policy: RateLimitPolicy, retryAfter: number): Record<string, string> {
  return {
    'RateLimit-Policy': `"${policy.name}";q=${policy.quota};w=${policy.window}`,
    RateLimit: `"${policy.name}";r=0;t=${Math.max(0, Math.ceil(retryAfter))}`,
  };
}
