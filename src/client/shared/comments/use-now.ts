import { useEffect, useState } from 'react';
import { firstScreen } from '../../lib/first-screen';
import { useHydrated } from '../../lib/use-hydrated';

/**
 * The current time, refreshed every interval, so "5 minutes ago" keeps moving on an open page.
 * A page the Worker rendered (issue 27) hydrates with the moment it was rendered, so its words
 * match the HTML's, and moves to the browser's clock right after.
 */
export function useNow(intervalMs = 60_000): number {
  const hydrated = useHydrated();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return hydrated ? now : (firstScreen()?.rendered?.at ?? now);
}
