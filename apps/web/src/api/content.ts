import { api, type Envelope } from './client';

/** One economic calendar event (SPEC §9 calendar: importance −1 to 1). */
export interface CalendarEvent {
  id: number;
  /** ISO time of the release. */
  time: string;
  /** ISO 3166 alpha-2 country code, upper case. */
  country: string;
  currency: string;
  title: string;
  importance: -1 | 0 | 1;
  actual: string | null;
  forecast: string | null;
  previous: string | null;
  /** A seeded sample, not a live release: shown with a "Demo content" badge. */
  is_demo?: boolean;
}

/** One market news headline. */
export interface NewsItem {
  id: number;
  title: string;
  summary: string;
  source: string;
  url: string | null;
  published_at: string;
  /** Instrument symbols the story is about (display form, e.g. 'EUR/USD'). */
  symbols: string[];
  /** A seeded sample headline: shown with a "Demo content" badge. */
  is_demo?: boolean;
}

/** `GET /calendar`: this week's economic events, soonest first. */
export async function getCalendar(): Promise<CalendarEvent[]> {
  return (await api.get<Envelope<CalendarEvent[]>>('/calendar')).data.data;
}

/** `GET /news`: the latest headlines, newest first. */
export async function getNews(): Promise<NewsItem[]> {
  return (await api.get<Envelope<NewsItem[]>>('/news')).data.data;
}
