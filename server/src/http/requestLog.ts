// What the logs may carry: one JSON line per finished request (Fastify writes two by default) without headers,
// bodies, query values or link tokens, and errors reduced to fields that hold no query parameters.
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

export class OneLineRequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = { method: request.method, url: loggedUrl(request.url), statusCode: reply.statusCode, responseTime: Math.round(reply.elapsedTime * 10) / 10 };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request');
  }
}

/** Paths that never appear in logs: the Authorization and Cookie headers, should anything log headers. */
export const redactedLogPaths = ['req.headers.authorization', 'req.headers.cookie', 'headers.authorization', 'headers.cookie'];

const QUESTION_MARK = 0x3f;
const SLASH = 0x2f;

/**
 * Whether loggedUrl has anything to change: a query, or a segment of 16 characters or more (the shortest it may mask).
 * A loop, as it runs for every request: a third of the time of the regular expression that says the same.
 */
function needsMasking(url: string): boolean {
  let segmentLength = 0;
  for (let index = 0; index < url.length; index += 1) {
    const code = url.charCodeAt(index);
    if (code === QUESTION_MARK) return true;
    segmentLength = code === SLASH ? 0 : segmentLength + 1;
    if (segmentLength >= 16) return true;
  }
  return false;
}

/**
 * The URL as logged: query values dropped (test-checkout keys, provider tokens), and path segments that look like
 * tokens (account links such as /user/confirm-signup/{uidb64}/{token}/) masked: long, with a digit and without a
 * dot (a file name such as index-BdX3kq9a.js stays), and a calendar feed's secret before `.ics`.
 */
export function loggedUrl(url: string): string {
  // Most URLs (the catalogue's among them) have neither a query nor a segment long enough to be masked: as they are.
  if (!needsMasking(url)) return url;
  const [path = '', query] = url.split('?', 2);
  const maskedPath = path
    .split('/')
    .map((segment) => {
      if (segment.length >= 16 && /\d/.test(segment) && !segment.includes('.')) return '…';
      // A calendar feed's secret (/api/v1/calendar/{secret}.ics); calendar.ics itself stays.
      if (/^[\w-]{16,}\.ics$/i.test(segment)) return '….ics';
      return segment;
    })
    .join('/');
  if (query === undefined) return maskedPath;
  const names = [...new Set(query.split('&').map((pair) => pair.split('=', 1)[0]!.slice(0, 40)))].filter(Boolean);
  return `${maskedPath}?${names.join('&')}`;
}

/** Fields of a database error that name what failed without any value (its detail quotes the values: not kept). */
const SAFE_DATABASE_FIELDS = ['code', 'severity', 'routine', 'table', 'column', 'constraint'] as const;

interface LoggedError {
  type: string;
  message: string;
  /** The SQL text of a failed query, never its parameters. */
  query?: string;
  /** The frames only: the first line of a stack repeats the message. */
  stack: string;
  [field: string]: unknown;
}

/**
 * The `err` serializer of every log line: an error as its type, message, the SQL text of a failed query, the
 * database's code and names, and the stack frames. Drizzle's message ("Failed query: … params: …") and the
 * `params` that PGlite and Drizzle attach are never copied: one such line once held a new user's password hash.
 */
export function serializeError(error: unknown): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: String(error).slice(0, 500), stack: '' };
  const frames = (error.stack ?? '').split('\n').filter((line) => line.startsWith('    at ')).join('\n');
  const source = error as Error & Record<string, unknown>;
  if (typeof source.query === 'string' && error.message.startsWith('Failed query: ')) {
    // Drizzle's wrapper: the query's text and, in its cause, what the database said.
    const cause = source.cause instanceof Error ? serializeError(source.cause) : null;
    return { ...cause, type: cause?.type ?? error.name, message: cause?.message ?? 'query failed', query: source.query.slice(0, 1000), stack: frames };
  }
  const logged: LoggedError = { type: error.name, message: error.message.slice(0, 1000), stack: frames };
  for (const field of SAFE_DATABASE_FIELDS) if (typeof source[field] === 'string') logged[field] = source[field];
  if (source.cause instanceof Error) logged.cause = serializeError(source.cause);
  return logged;
}
