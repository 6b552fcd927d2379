import { useQuery } from '@tanstack/react-query';
import { CalendarDays, ExternalLink, Newspaper } from 'lucide-react';
import { Fragment, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type CalendarEvent, getCalendar, getNews } from '@/api/content';
import { supportsFlagEmoji } from '@/lib/flagEmoji';
import { cn } from '@/lib/utils';
import { dayHeading, dayKey, relativeTime, shortTime } from '../format';
import { EmptyState, ErrorState, LoadingState } from '../PanelStates';

/** Says plainly that seeded samples are not market information (until staff replace them). */
function DemoNote() {
  const { t } = useTranslation('terminal');
  return (
    <p
      data-testid="demo-note"
      className="border-b border-warning/30 bg-warning/10 px-3 py-1.5 text-xs leading-snug text-warning"
    >
      {t('content.demoNote')}
    </p>
  );
}

function DemoBadge() {
  const { t } = useTranslation('terminal');
  return (
    <span className="shrink-0 rounded border border-warning/40 px-1 text-xs font-medium text-warning">
      {t('content.demoBadge')}
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

const IMPORTANCE_KEYS = {
  1: 'content.importanceLow',
  2: 'content.importanceMedium',
  3: 'content.importanceHigh',
} as const;

function Importance({ value }: { value: number }) {
  const { t } = useTranslation('terminal');
  const bars = importanceBars(value);
  const label = t(IMPORTANCE_KEYS[bars]);
  return (
    <span role="img" aria-label={label} title={label} className="flex h-3 items-end gap-[2px]">
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
      <span className="text-xs text-muted-foreground uppercase">{label}</span>
      <span className={cn('tabular-nums', strong ? 'font-medium text-foreground' : 'text-muted-foreground')}>
        {value ?? '—'}
      </span>
    </span>
  );
}

function CalendarRow({ event, flags }: { event: CalendarEvent; flags: boolean }) {
  const { t } = useTranslation('terminal');
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
          <span className="text-xs font-medium text-muted-foreground">{event.country}</span>
        </span>
        <span className="rounded bg-muted px-1 text-xs font-medium">{event.currency}</span>
        {event.is_demo ? <DemoBadge /> : null}
        <span className="ms-auto">
          <Importance value={event.importance} />
        </span>
      </div>
      <p className="mt-1 leading-snug">{event.title}</p>
      <div className="mt-1 grid grid-cols-3 gap-2 text-xs">
        <Figure label={t('content.actual')} value={event.actual} strong />
        <Figure label={t('content.forecast')} value={event.forecast} />
        <Figure label={t('content.previous')} value={event.previous} />
      </div>
    </li>
  );
}

/** CALENDAR (SPEC §2): this week's economic events with country, currency and importance. */
export function CalendarPanel() {
  const { t } = useTranslation('terminal');
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
        <LoadingState label={t('content.calendarLoading')} />
      ) : query.isError ? (
        <ErrorState title={t('content.calendarFailed')} onRetry={() => void query.refetch()} />
      ) : groups.length === 0 ? (
        <EmptyState icon={CalendarDays} message={t('content.calendarEmpty')} />
      ) : (
        <>
          {demo ? <DemoNote /> : null}
          <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain">
            {groups.map((events) => {
              const first = events[0];
              if (!first) return null;
              return (
                <Fragment key={dayKey(first.time)}>
                  <h3 className="sticky top-0 z-10 border-y bg-card px-3 py-1 text-xs font-medium text-muted-foreground">
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
  const { t } = useTranslation('terminal');
  const query = useQuery({ queryKey: contentKeys.news, queryFn: getNews, staleTime: CONTENT_STALE_MS });
  const items = Array.isArray(query.data) ? query.data : [];
  const demo = items.some((n) => n.is_demo);
  return (
    <div data-testid="market-news" className="flex min-h-0 flex-1 flex-col">
      {query.isPending ? (
        <LoadingState label={t('content.newsLoading')} />
      ) : query.isError ? (
        <ErrorState title={t('content.newsFailed')} onRetry={() => void query.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState icon={Newspaper} message={t('content.newsEmpty')} />
      ) : (
        <>
          {demo ? <DemoNote /> : null}
          <ul className="min-h-0 flex-1 divide-y overflow-y-auto overscroll-contain">
            {items.map((item) => (
              <li key={item.id}>
                <article className="px-3 py-2.5 text-xs">
                  <h3 className="text-sm leading-snug font-medium">
                    {item.url ? (
                      <a
                        href={item.url}
                        target="_blank"
                        rel="noopener noreferrer"
                        className="rounded-sm hover:text-primary hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                      >
                        {item.title}
                        <ExternalLink aria-hidden="true" className="ms-1 inline size-3" />
                        <span className="sr-only"> {t('content.opensInNewTab')}</span>
                      </a>
                    ) : (
                      item.title
                    )}
                  </h3>
                  <p className="mt-1 flex flex-wrap items-center gap-x-1.5 text-xs text-muted-foreground">
                    {item.is_demo ? <DemoBadge /> : null}
                    <span className="font-medium">{item.source}</span>
                    <span aria-hidden="true">·</span>
                    <time dateTime={item.published_at} title={item.published_at}>
                      {relativeTime(item.published_at)}
                    </time>
                    {(Array.isArray(item.symbols) ? item.symbols.slice(0, 3) : []).map((s) => (
                      <span key={s} className="rounded bg-muted px-1 text-xs">
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
