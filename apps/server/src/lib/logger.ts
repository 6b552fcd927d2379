import pino, { type DestinationStream, type Logger } from 'pino';
import pretty from 'pino-pretty';
import type { Config } from '../config.ts';

/** `json`: one JSON object a line, for journald, Docker and log shippers; `pretty`: readable lines for a person. */
export const LOG_FORMATS = ['json', 'pretty'] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

/** Longest SQL text a log line keeps: a bulk insert's placeholders alone can run to tens of kilobytes. */
const SQL_MAX = 2_000;
/** How deep a chain of `cause`s is followed. */
const CAUSE_DEPTH = 5;
/**
 * Properties never logged: a query's parameter list (user data; a bulk insert once made a 380 KB
 * line) and PostgreSQL's `detail` / `where`, which quote row values ("Key (email)=(…)").
 */
const NEVER_LOGGED = new Set(['params', 'parameters', 'values', 'detail', 'where', 'internalQuery', 'stack']);

interface QueryError extends Error {
  query: string;
  params: unknown;
}

/** drizzle's `DrizzleQueryError` (either engine): its message is the SQL text, then `params: …`. */
export function isQueryError(e: unknown): e is QueryError {
  return (
    e instanceof Error &&
    typeof (e as Partial<QueryError>).query === 'string' &&
    e.message.startsWith('Failed query: ')
  );
}

function shortSql(query: string): string {
  return query.length > SQL_MAX
    ? `${query.slice(0, SQL_MAX)}… (${query.length - SQL_MAX} more characters)`
    : query;
}

/** An error's message fit for a log line: a failed query's SQL text, without its parameters. */
export function safeErrorMessage(e: Error): string {
  return isQueryError(e) ? `Failed query: ${shortSql(e.query)}` : e.message;
}

/** The stack's frames under a safe first line (a stack repeats the message, parameters and all). */
function safeStack(e: Error, message: string): string | undefined {
  if (typeof e.stack !== 'string') return undefined;
  const frames = e.stack.split('\n').filter((line) => /^\s+at /.test(line));
  return [`${e.name}: ${message}`, ...frames].join('\n');
}

/**
 * The pino `err` serializer: type, message, stack, code and the other plain fields, and the `cause`
 * chain (a pg error's code, severity, constraint and message), but never a query's parameters.
 */
export function serializeError(value: unknown, depth = 0): unknown {
  if (!(value instanceof Error)) return value;
  const message = safeErrorMessage(value);
  const out: Record<string, unknown> = { type: value.constructor?.name ?? value.name, message };
  // drizzle's error and PGlite's own both carry the statement (and its params, never copied).
  const query = (value as Partial<QueryError>).query;
  if (typeof query === 'string') out.query = shortSql(query);
  for (const [key, v] of Object.entries(value)) {
    if (NEVER_LOGGED.has(key) || key === 'query' || key === 'cause' || key in out) continue;
    if (v === null || ['string', 'number', 'boolean'].includes(typeof v)) out[key] = v;
  }
  const stack = safeStack(value, message);
  if (stack) out.stack = stack;
  if (value.cause !== undefined && depth < CAUSE_DEPTH) out.cause = serializeError(value.cause, depth + 1);
  return out;
}

/**
 * Last guard, on the finished JSON line: whatever logged a query error's raw message (for example
 * `log.error(err)` makes the message the line's `msg`), its `\nparams: …` tail is cut.
 */
export function stripQueryParams(line: string): string {
  if (!line.includes('\\nparams: ')) return line;
  return line.replace(/\\nparams: (?:[^"\\]|\\.)*/g, '');
}

export function createLogger(config: Pick<Config, 'LOG_LEVEL'>, destination?: DestinationStream): Logger {
  return pino(
    {
      level: config.LOG_LEVEL,
      redact: {
        paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
        censor: '***',
      },
      serializers: { err: serializeError, error: serializeError },
      hooks: { streamWrite: stripQueryParams },
    },
    destination,
  );
}

/**
 * LOG_FORMAT when set; otherwise readable lines on a terminal and JSON anywhere else (a pipe, a file,
 * a container log), so nothing that parses the output ever meets a prettified line.
 */
export function resolveLogFormat(value: string | undefined, isTerminal: boolean): LogFormat {
  const wanted = value?.trim() ?? '';
  if (wanted === '') return isTerminal ? 'pretty' : 'json';
  if ((LOG_FORMATS as readonly string[]).includes(wanted)) return wanted as LogFormat;
  throw new RangeError(`must be ${LOG_FORMATS.join(' or ')}`);
}

/**
 * Where log lines go: pino's own stdout for JSON, or pino-pretty in this process for a person. Written
 * synchronously, so the last line before `process.exit` ("stopped") is never lost.
 */
export function consoleDestination(format: LogFormat, colors: boolean): DestinationStream | undefined {
  if (format === 'json') return undefined;
  return pretty({
    colorize: colors,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname',
    // A request's details (`req`, `res`, `responseTime`) on the line of its message, not ten lines below.
    singleLine: true,
    sync: true,
    destination: 1,
  });
}
