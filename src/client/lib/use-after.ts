import { useEffect, useState } from 'react';

/** False until `ms` after the first render, then true (a fallback that waits for the live socket first). */
export function useAfter(ms: number): boolean {
  const [elapsed, setElapsed] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setElapsed(true), ms);
    return () => clearTimeout(timer);
  }, [ms]);
  return elapsed;
}
