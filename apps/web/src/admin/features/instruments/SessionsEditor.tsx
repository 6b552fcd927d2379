import {
  everyDay,
  type SessionInterval,
  WEEKDAY_KEYS,
  type WeekdayKey,
  type WeeklySessions,
} from '@openbroker/domain';
import { Plus, X } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/Button';
import { Input } from '@/components/ui/Input';
import { weekdayLabel, weekdayName } from './weekdays';

/** Monday first, as trading weeks are read. */
const DAYS: WeekdayKey[] = [...WEEKDAY_KEYS.slice(1), 'sun'];

/** What staff start from when they leave the default hours: Monday to Friday, 09:00–17:00. */
export function startingWeek(): WeeklySessions {
  return {
    ...everyDay([]),
    mon: [['09:00', '17:00']],
    tue: [['09:00', '17:00']],
    wed: [['09:00', '17:00']],
    thu: [['09:00', '17:00']],
    fri: [['09:00', '17:00']],
  };
}

/**
 * An instrument's trading sessions per weekday in its zone: a list of from–to times per day with
 * add and remove, or the type's default hours. `errors` are the server's (or the schema's)
 * messages keyed `mon.1` (day and interval), shown beside the interval they are about.
 */
export function SessionsEditor(props: {
  value: WeeklySessions | null;
  onChange: (value: WeeklySessions | null) => void;
  /** The default hours in words (what "Use default hours" means for this instrument). */
  defaultHours: string;
  timeZone: string;
  errors?: Record<string, string | undefined>;
}) {
  const { t } = useTranslation('adminOps');
  const id = useId();
  const week = props.value;
  const errors = props.errors ?? {};

  const setDay = (day: WeekdayKey, intervals: SessionInterval[]) => {
    if (week) props.onChange({ ...week, [day]: intervals });
  };

  return (
    <fieldset className="flex flex-col gap-3 rounded-md border p-3">
      <legend className="px-1 font-medium text-sm">{t('instruments.sessions.legend')}</legend>
      <label className="flex items-center gap-2 text-sm" htmlFor={`${id}-default`}>
        <input
          id={`${id}-default`}
          type="checkbox"
          className="size-4 accent-primary"
          checked={week === null}
          onChange={(e) => props.onChange(e.target.checked ? null : startingWeek())}
        />
        {t('instruments.sessions.useDefault')}
      </label>
      {week === null ? (
        <p className="text-muted-foreground text-sm">{props.defaultHours}</p>
      ) : (
        <>
          <p className="text-muted-foreground text-xs">
            {t('instruments.sessions.help', { zone: props.timeZone })}
          </p>
          <div className="flex flex-col divide-y">
            {DAYS.map((day) => (
              <DayRow
                key={day}
                day={day}
                idBase={`${id}-${day}`}
                intervals={week[day]}
                errors={errors}
                onChange={(intervals) => setDay(day, intervals)}
              />
            ))}
          </div>
        </>
      )}
    </fieldset>
  );
}

function DayRow(props: {
  day: WeekdayKey;
  idBase: string;
  intervals: SessionInterval[];
  errors: Record<string, string | undefined>;
  onChange: (intervals: SessionInterval[]) => void;
}) {
  const { t } = useTranslation('adminOps');
  const { day, intervals } = props;
  const name = weekdayName(day);
  const edit = (index: number, side: 0 | 1, text: string) =>
    props.onChange(
      intervals.map((iv, i) => (i === index ? (side === 0 ? [text, iv[1]] : [iv[0], text]) : iv)),
    );
  return (
    <div className="flex flex-col gap-2 py-2 sm:flex-row sm:items-start">
      <span className="w-28 shrink-0 pt-2 font-medium text-sm">{weekdayLabel(day)}</span>
      <div className="flex flex-1 flex-col gap-2">
        {intervals.length === 0 ? (
          <span className="pt-2 text-muted-foreground text-sm">{t('instruments.sessions.closed')}</span>
        ) : null}
        {intervals.map(([from, to], index) => {
          const error = props.errors[`${day}.${index}`];
          const errorId = `${props.idBase}-${index}-error`;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: intervals have no identity but their place in the day.
            <div key={index} className="flex flex-col gap-1">
              <div className="flex items-center gap-2">
                <Input
                  aria-label={t('instruments.sessions.from', { day: name, n: index + 1 })}
                  className="w-24 tabular-nums"
                  inputMode="numeric"
                  placeholder={t('instruments.sessions.timePlaceholder')}
                  value={from}
                  onChange={(e) => edit(index, 0, e.target.value)}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? errorId : undefined}
                />
                <span aria-hidden="true">–</span>
                <Input
                  aria-label={t('instruments.sessions.to', { day: name, n: index + 1 })}
                  className="w-24 tabular-nums"
                  inputMode="numeric"
                  placeholder={t('instruments.sessions.timePlaceholder')}
                  value={to}
                  onChange={(e) => edit(index, 1, e.target.value)}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? errorId : undefined}
                />
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={t('instruments.sessions.remove', { day: name, n: index + 1 })}
                  onClick={() => props.onChange(intervals.filter((_, i) => i !== index))}
                >
                  <X className="size-4" aria-hidden="true" />
                </Button>
              </div>
              {error ? (
                <p id={errorId} className="text-destructive text-xs">
                  {error}
                </p>
              ) : null}
            </div>
          );
        })}
      </div>
      <Button
        variant="outline"
        size="sm"
        className="self-start"
        aria-label={t('instruments.sessions.addSession', { day: name })}
        onClick={() => {
          const last = intervals.at(-1);
          props.onChange([...intervals, last ? [last[1], '24:00'] : ['09:00', '17:00']]);
        }}
      >
        <Plus className="size-4" aria-hidden="true" /> {t('instruments.sessions.add')}
      </Button>
    </div>
  );
}
