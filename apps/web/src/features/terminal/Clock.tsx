import { useEffect, useState } from 'react';

/** SPEC §9: the market watch clock ticks each second. */
export const CLOCK_TICK_MS = 1_000;

const timeFormat = new Intl.DateTimeFormat(undefined, {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
});

/** The local time, re-rendering only itself once a second. */
export function Clock({ className }: { className?: string }) {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), CLOCK_TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return (
    <time dateTime={now.toISOString()} data-testid="clock" className={className}>
      {timeFormat.format(now)}
    </time>
  );
}
