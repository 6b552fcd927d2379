import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@/i18n/format';

/** SPEC §9: the market watch clock ticks each second. */
export const CLOCK_TICK_MS = 1_000;

const TIME: Intl.DateTimeFormatOptions = {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
};

/** The local time, re-rendering only itself once a second. */
export function Clock({ className }: { className?: string }) {
  // Re-renders in the new language's digits when it changes.
  useTranslation('terminal');
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), CLOCK_TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return (
    <time dateTime={now.toISOString()} data-testid="clock" className={className}>
      {formatDate(now, TIME)}
    </time>
  );
}
