/** HTTP status carried by a failed call (tRPC errors put it in data.httpStatus; a network failure counts as 500). */
export function statusOf(error: unknown): number {
  const e = error as { data?: { httpStatus?: number }; status?: number } | null;
  return e?.data?.httpStatus ?? e?.status ?? 500;
}

/** A 4xx will not get better by asking again: at most two more tries, for 5xx and network failures. */
export function shouldRetry(failures: number, error: unknown): boolean {
  return statusOf(error) >= 500 && failures < 2;
}

/** TanStack Query's default back-off between tries. */
export function retryDelay(failures: number): number {
  return Math.min(1000 * 2 ** failures, 30_000);
}
