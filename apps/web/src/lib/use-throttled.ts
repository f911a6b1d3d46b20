import { useEffect, useRef } from 'react';

/**
 * Calls `apply` with the latest value at most once per `ms` (leading and trailing), so typing a
 * name searches while typing without a request per key (SPEC §9 search throttle).
 */
export function useThrottledCallback<T>(apply: (value: T) => void, ms: number): (value: T) => void {
  const last = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef(apply);
  useEffect(() => {
    latest.current = apply;
  }, [apply]);
  useEffect(() => () => clearTimeout(timer.current), []);
  return (value: T) => {
    const wait = last.current + ms - Date.now();
    clearTimeout(timer.current);
    if (wait <= 0) {
      last.current = Date.now();
      latest.current(value);
      return;
    }
    timer.current = setTimeout(() => {
      last.current = Date.now();
      latest.current(value);
    }, wait);
  };
}
