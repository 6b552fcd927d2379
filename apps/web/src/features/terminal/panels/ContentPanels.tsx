import { useQuery } from '@tanstack/react-query';
import { CalendarDays, ExternalLink, Newspaper } from 'lucide-react';
import { Fragment, useMemo } from 'react';
import { type CalendarEvent, getCalendar, getNews } from '@/api/content';
import { supportsFlagEmoji } from '@/lib/flagEmoji';
import { cn } from '@/lib/utils';
import { dayHeading, dayKey, relativeTime, shortTime } from '../format';
import { EmptyState, ErrorState, LoadingState } from '../PanelStates';

export const CONTENT_MESSAGES = {
  calendarLoading: 'Loading calendar...',
  calendarFailed: 'Failed to load the economic calendar',
  calendarEmpty: 'No economic events this week',
  newsLoading: 'Loading news...',
  newsFailed: 'Failed to load market news',
  newsEmpty: 'No market news right now',
  demoNote: 'Sample calendar and headlines — your broker has not connected a live source yet.',
  demoBadge: 'Demo content',
} as const;

/** Says plainly that seeded samples are not market information (until staff replace them). */
function DemoNote() {
  return (
    <p
      data-testid="demo-note"
      className="border-b border-warning/30 bg-warning/10 px-3 py-1.5 text-[11px] leading-snug text-warning"
    >
      {CONTENT_MESSAGES.demoNote}
    </p>
  );
}

function DemoBadge() {
  return (
    <span className="shrink-0 rounded border border-warning/40 px-1 text-[10px] font-medium text-warning">
      {CONTENT_MESSAGES.demoBadge}
    </span>
  );
}

/** Content changes slowly; a panel opened again within a few minutes reuses what it has. */
const CONTENT_STALE_MS = 5 * 60_000;

export const contentKeys = {
  calendar: ['content', 'calendar'] as const,
  news: ['content', 'news'] as const,
};

/** The flag emoji of an ISO 3166 alpha-2 code ('US' → 🇺🇸), or null for anything else. */
export function flagOf(code: string): string | null {
  const upper = code.trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(upper)) return null;
  return String.fromCodePoint(...[...upper].map((c) => 0x1f1e6 + (c.codePointAt(0) ?? 65) - 65));
}

/** SPEC §9 calendar importance −1 to 1, shown as 1 to 3 bars. */
export function importanceBars(importance: number): 1 | 2 | 3 {
  if (importance <= -1) return 1;
  if (importance >= 1) return 3;
  return 2;
}

const IMPORTANCE_NAMES = { 1: 'Low', 2: 'Medium', 3: 'High' } as const;

function Importance({ value }: { value: number }) {
  const bars = importanceBars(value);
  return (
    <span
      role="img"
      aria-label={`${IMPORTANCE_NAMES[bars]} importance`}
      title={`${IMPORTANCE_NAMES[bars]} importance`}
      className="flex h-3 items-end gap-[2px]"
    >
      {[1, 2, 3].map((n) => (
        <span
          key={n}
          className={cn(
            'w-[3px] rounded-sm',
            n === 1 ? 'h-1.5' : n === 2 ? 'h-2.5' : 'h-3',
            n <= bars
              ? bars === 3
                ? 'bg-sell'
                : bars === 2
                  ? 'bg-warning'
                  : 'bg-muted-foreground'
              : 'bg-border',
          )}
        />
      ))}
    </span>
  );
}

function Figure({ label, value, strong }: { label: string; value: string | null; strong?: boolean }) {
  return (
    <span className="flex flex-col">
      <span className="text-[10px] text-muted-foreground uppercase">{label}</span>
      <span className={cn('tabular-nums', strong ? 'font-medium text-foreground' : 'text-muted-foreground')}>
        {value ?? '—'}
      </span>
    </span>
  );
}

function CalendarRow({ event, flags }: { event: CalendarEvent; flags: boolean }) {
  const flag = flags ? flagOf(event.country) : null;
  return (
    <li className="px-3 py-2 text-xs">
      <div className="flex items-center gap-2">
        <time dateTime={event.time} className="w-10 shrink-0 text-muted-foreground tabular-nums">
          {shortTime(event.time)}
        </time>
        <span className="flex shrink-0 items-center gap-1" title={event.country}>
          {flag ? (
            <span aria-hidden="true" className="text-sm leading-none">
              {flag}
            </span>
          ) : null}
          <span className="text-[11px] font-medium text-muted-foreground">{event.country}</span>
        </span>
        <span className="rounded bg-muted px-1 text-[10px] font-medium">{event.currency}</span>
        {event.is_demo ? <DemoBadge /> : null}
        <span className="ml-auto">
          <Importance value={event.importance} />
        </span>
      </div>
      <p className="mt-1 leading-snug">{event.title}</p>
      <div className="mt-1 grid grid-cols-3 gap-2 text-[11px]">
        <Figure label="Actual" value={event.actual} strong />
        <Figure label="Forecast" value={event.forecast} />
        <Figure label="Previous" value={event.previous} />
      </div>
    </li>
  );
}

/** CALENDAR (SPEC §2): this week's economic events with country, currency and importance. */
export function CalendarPanel() {
  const query = useQuery({
    queryKey: contentKeys.calendar,
    queryFn: getCalendar,
    staleTime: CONTENT_STALE_MS,
  });
  const flags = supportsFlagEmoji();
  const groups = useMemo(() => {
    const byDay = new Map<string, CalendarEvent[]>();
    for (const event of Array.isArray(query.data) ? query.data : []) {
      const key = dayKey(event.time);
      const list = byDay.get(key);
      if (list) list.push(event);
      else byDay.set(key, [event]);
    }
    return [...byDay.values()];
  }, [query.data]);
  const demo = groups.some((events) => events.some((e) => e.is_demo));

  return (
    <div data-testid="calendar" className="flex min-h-0 flex-1 flex-col">
      {query.isPending ? (
        <LoadingState label={CONTENT_MESSAGES.calendarLoading} />
      ) : query.isError ? (
        <ErrorState title={CONTENT_MESSAGES.calendarFailed} onRetry={() => void query.refetch()} />
      ) : groups.length === 0 ? (
        <EmptyState icon={CalendarDays} message={CONTENT_MESSAGES.calendarEmpty} />
      ) : (
        <>
          {demo ? <DemoNote /> : null}
          <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain">
            {groups.map((events) => {
              const first = events[0];
              if (!first) return null;
              return (
                <Fragment key={dayKey(first.time)}>
                  <h3 className="sticky top-0 z-10 border-y bg-card/95 px-3 py-1 text-[11px] font-medium text-muted-foreground backdrop-blur">
                    {dayHeading(first.time)}
                  </h3>
                  <ul className="divide-y">
                    {events.map((event) => (
                      <CalendarRow key={event.id} event={event} flags={flags} />
                    ))}
                  </ul>
                </Fragment>
              );
            })}
          </div>
        </>
      )}
    </div>
  );
}

/** MARKET NEWS (SPEC §2): the latest headlines with source, time and summary. */
export function NewsPanel() {
  const query = useQuery({ queryKey: contentKeys.news, queryFn: getNews, staleTime: CONTENT_STALE_MS });
  const items = Array.isArray(query.data) ? query.data : [];
  const demo = items.some((n) => n.is_demo);
  return (
    <div data-testid="market-news" className="flex min-h-0 flex-1 flex-col">
      {query.isPending ? (
        <LoadingState label={CONTENT_MESSAGES.newsLoading} />
      ) : query.isError ? (
        <ErrorState title={CONTENT_MESSAGES.newsFailed} onRetry={() => void query.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState icon={Newspaper} message={CONTENT_MESSAGES.newsEmpty} />
      ) : (
        <>
          {demo ? <DemoNote /> : null}
          <ul className="min-h-0 flex-1 divide-y overflow-y-auto overscroll-contain">
            {items.map((item) => (
              <li key={item.id}>
                <article className="px-3 py-2.5 text-xs">
                  <h3 className="text-[13px] leading-snug font-medium">
                    {item.url ? (
                      <a
                        href={item.url}
                        target="_blank"
                        rel="noopener noreferrer"
                        className="hover:text-primary hover:underline"
                      >
                        {item.title}
                        <ExternalLink aria-hidden="true" className="ml-1 inline size-3 opacity-60" />
                      </a>
                    ) : (
                      item.title
                    )}
                  </h3>
                  <p className="mt-1 flex flex-wrap items-center gap-x-1.5 text-[11px] text-muted-foreground">
                    {item.is_demo ? <DemoBadge /> : null}
                    <span className="font-medium">{item.source}</span>
                    <span aria-hidden="true">·</span>
                    <time dateTime={item.published_at} title={item.published_at}>
                      {relativeTime(item.published_at)}
                    </time>
                    {(Array.isArray(item.symbols) ? item.symbols.slice(0, 3) : []).map((s) => (
                      <span key={s} className="rounded bg-muted px-1 text-[10px]">
                        {s}
                      </span>
                    ))}
                  </p>
                  {item.summary ? (
                    <p className="mt-1 line-clamp-3 leading-relaxed text-muted-foreground">{item.summary}</p>
                  ) : null}
                </article>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
