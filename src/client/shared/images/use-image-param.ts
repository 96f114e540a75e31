import { useCallback } from 'react';
import { useLocation, useSearch } from 'wouter';

/** The open image lives in the URL (?image={id}), so a reload or a shared link reopens it. */
export function useImageParam(): [number | null, (id: number | null) => void] {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const raw = new URLSearchParams(search).get('image');
  const id = raw && /^[1-9]\d{0,15}$/.test(raw) ? Number(raw) : null;
  const setId = useCallback(
    (next: number | null) => {
      const params = new URLSearchParams(window.location.search);
      if (next === null) params.delete('image');
      else params.set('image', String(next));
      const qs = params.toString();
      navigate(`${location}${qs ? `?${qs}` : ''}`, { replace: true });
    },
    [location, navigate],
  );
  return [id, setId];
}
