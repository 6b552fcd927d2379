import { useEffect, useState } from 'react';

/** The current time, refreshed every `everyMs`, so ages ("3 s ago") count up on screen. */
export function useNow(everyMs = 1_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
