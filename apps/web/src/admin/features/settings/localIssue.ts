import { WEEKDAY_NAMES, type WeekdayKey } from '@openbroker/domain';
import { localizeMessage, localizeMessages, type PartTranslator } from '@/lib/validationMessage';
import { weekdayLabel } from '../instruments/weekdays';

const DAY_OF_NAME = new Map(
  (Object.entries(WEEKDAY_NAMES) as [WeekdayKey, string][]).map(([key, name]) => [name, key]),
);

/** The trading-hours messages name an English weekday ("Tuesday: 18:00 must be before 10:00"). */
const weekdays: PartTranslator = (name, value) => {
  const day = name === 'day' ? DAY_OF_NAME.get(value) : undefined;
  return day ? weekdayLabel(day) : value;
};

/** A back-office validation message in the reader's language, weekdays included. */
export const localIssue = (message: string): string => localizeMessage(message, weekdays);

export const localIssues = <K extends string>(errors: Record<K, string | undefined>) =>
  localizeMessages(errors, weekdays);
