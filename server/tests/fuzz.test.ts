// Fuzzing every route the server has, as a guest, a participant, an author and a forged token: wrong types, missing
// fields, huge and deep bodies, control characters, junk ids and query strings, wrong content types, multipart junk.
// The routes are enumerated from the app itself (buildApp's onRoute), so a new endpoint is fuzzed without a change
// here. Whatever comes in, the answer is never a 5xx, and an API refusal is JSON in one of the wire's shapes:
// {"detail": "..."} (with a "reason" for a refused join), {"nonFieldErrors": [...]} or {"field": [...]}.
import type { FastifyInstance, RouteOptions } from 'fastify';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { bearer, buildTestApp, ids, seedFixture } from './fixtures.ts';
import { createTestDatabase, type TestDatabase } from './testDb.ts';

/** Fixed, so a failure is reproduced by the next run; change it to explore further. */
const SEED = 20_261_123;
/** Random requests per route (each with a random caller); the fixed nasty cases come on top. */
const RUNS_PER_ROUTE = 55;

type Who = 'guest' | 'pupil' | 'anna' | 'forged';
const CALLERS: Who[] = ['guest', 'pupil', 'anna', 'forged'];

interface FuzzRoute {
  method: string;
  url: string;
  params: string[];
  keys: { body: string[]; query: string[] };
}

interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

/** The object keys a zod schema accepts, looking through optional/default/pipe/union wrappers. */
function schemaKeys(schema: unknown, depth = 0): string[] {
  if (!(schema instanceof z.ZodType) || depth > 6) return [];
  if (schema instanceof z.ZodObject) return Object.keys(schema.shape);
  const def = (schema as unknown as { def: Record<string, unknown> }).def;
  const inner = [def.innerType, def.in, def.out, ...(Array.isArray(def.options) ? def.options : [])];
  return [...new Set(inner.flatMap((part) => schemaKeys(part, depth + 1)))];
}

/** Bodies that pass validation, by route: the fuzzer also sends them with one field spoiled, so bad values reach the services. */
const VALID_BODIES: Record<string, Record<string, unknown>> = {
  'POST /api/v1/mutabo/courses/': { title: 'Курс', disciplesAge: 'DISCIPLES_AGE_ADULTS', subtitle: 'О курсе', description: '', image: '', state: 'draft', prices: [] },
  'PATCH /api/v1/mutabo/courses/:id/': { title: 'Курс', subtitle: 'О курсе', start: '2031-01-01', end: '2031-02-01', timeZone: 'Europe/Berlin', version: 1 },
  'POST /api/v1/mutabo/courses/:id/lessons/': { title: 'Занятие', duration: 60, state: 'draft', startsAt: '2031-03-04T19:00:00+03:00', roomUrl: 'https://meet.example.org/r' },
  'PATCH /api/v1/mutabo/lessons/:id/': { title: 'Занятие', duration: 60, startsAt: '2031-03-04T16:00:00Z', recordingUrl: 'https://video.example.org/v', version: 1 },
  'POST /api/v1/mutabo/courses/:id/lessons/order/': { lessons: [1, 2, 3, 4] },
  'POST /api/v1/users/': { email: 'new@example.org', password: 'long-enough-password', firstName: 'Имя', lastName: 'Фамилия', yearOfBirth: 1990 },
  'POST /api/v1/token/': { email: 'pupil@example.org', password: 'pupil-password' },
  'PATCH /api/v1/disciples/:id/': { firstName: 'Пётр', lastName: 'Учеников', otherInfo: 'строка' },
  'POST /api/v1/payments/': { system: 'yookassa', currency: 'CURRENCY_CHOICE_RUB', lessons: [1] },
  'POST /api/v1/participants/': { course: 1 },
  'POST /api/v1/mutabo/courses/:id/mailings/': { subject: 'Новости', text: 'Текст письма.', to: 'test' },
  'PATCH /api/v1/mutabo/pages-content/offer/': { name: 'Договор-оферта', text: '', version: 1 },
  'PATCH /api/v1/mutabo/pages-content/policy/': { name: 'Политика конфиденциальности', text: '{"blocks":[{"key":"a","text":"Политика.","type":"unstyled"}],"entityMap":{}}', version: 0 },
  'PUT /api/v1/lessons/:id/recording/position/': { seconds: 1 },
  'PUT /api/v1/mutabo/people/:id/recording-access/': { course: 1, until: '2031-03-01T00:00:00Z' },
  'DELETE /api/v1/mutabo/people/:id/recording-access/': { course: 1 },
  'POST /api/v1/stats/view/': { path: '/courses/1' },
  'PATCH /api/v1/mutabo/seller/': { name: 'ИП Петрова Анна Сергеевна', inn: '500100732259', ogrn: '304500116000157', email: 'seller@example.org', phone: '+7 495 000-00-00', version: 1 },
};

/** Field names of bodies that are read by hand (no schema) or nested, so that random bodies hit them too. */
const KNOWN_KEYS = [
  'email', 'password', 'currentPassword', 'newPassword', 'firstName', 'lastName', 'yearOfBirth', 'country', 'timezone',
  'uidb64', 'token', 'refresh', 'access', 'course', 'lessons', 'ids', 'state', 'system', 'currency', 'subscribed', 'id',
  'version', 'createdAt', 'title', 'authors', 'prices', 'event', 'object', 'type', 'resource', 'key', 'outcome',
  'subject', 'text', 'to',
  'startsAt', 'roomUrl', 'recordingUrl', 'timeZone',
  'format', 'recordingDays', 'seconds', 'until',
];

const NASTY_STRINGS = [
  '', ' ', '\u0000', 'a\u0000b', '\u0007\u001b[31m', '\u007f', '\u0085', '\r\n', '\t', '\u202e', '\ufeff', '\ud800', '💥',
  'null', 'undefined', 'NaN', '-1', '0', '1', '1.5', '1e309', '2147483648', '99999999999999999999', '0x10', '١٢',
  '<script>alert(1)</script>', 'javascript:alert(1)', '../../../etc/passwd', '..\\..\\boot.ini', "' OR 1=1 --", '${7*7}',
  '%00', '%zz', '__proto__', 'constructor', 'a@b', 'CURRENCY_CHOICE_RUB', 'DISCIPLES_AGE_ADULTS', 'draft', 'approved',
  '2030-01-01', '2030-02-30', '/media/../x', '//evil.example/x', 'https://evil.example/login',
];

const controlText = fc.string({ unit: fc.integer({ min: 0, max: 0x9f }).map((code) => String.fromCharCode(code)), maxLength: 20 });
const junkString = fc.oneof(fc.constantFrom(...NASTY_STRINGS), fc.string({ maxLength: 30 }), fc.string({ unit: 'grapheme', maxLength: 30 }), controlText);
const junkNumber = fc.oneof(
  fc.integer(),
  fc.constantFrom(-1, 0, 1, 2, 3, 7, 2 ** 31, 2 ** 31 - 1, 2 ** 53, -(2 ** 53), 1e308, -1e308, 0.5, 1e-9, -0),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);
const junkScalar = fc.oneof(junkString, junkNumber, fc.boolean(), fc.constant(null));

const junkValue = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { maxDepth: 3, withCrossShrink: true },
    { arbitrary: junkScalar, weight: 6 },
    { arbitrary: fc.array(tie('value'), { maxLength: 4 }), weight: 1 },
    { arbitrary: fc.dictionary(fc.oneof(fc.constantFrom(...KNOWN_KEYS), fc.string({ maxLength: 8 })), tie('value'), { maxKeys: 4 }), weight: 1 },
  ),
})).value;

const JUNK_AUTHORIZATION = [
  'Bearer', 'Bearer ', 'bearer x', 'Basic YTpi', 'Bearer a.b.c', `Bearer ${'a'.repeat(8_000)}`, 'Bearer \u00ff\u00fe',
  // alg "none" with an author's claims.
  `Bearer ${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from('{"sub":"1","type":"access","exp":9999999999}').toString('base64url')}.`,
];

function deepJson(depth: number): string {
  return '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
}

/**
 * Path parameters as they stand in the address (already percent-encoded, or not at all where the junk is the point),
 * one of each kind: out of range, NUL and other control characters, a bare `%`, broken UTF-8, unicode, a path trick,
 * too long for the router. The fixed test sends each in every parameter of every route; random requests draw from
 * these and from MORE_PATH_JUNK.
 */
const PATH_PARAM_JUNK = ['-1', '99999999999999999999', 'a%00b.png', '%1F', '%C2%85', '%', '%E2%82', encodeURIComponent('файл.png'), '%2e%2e', 'a'.repeat(101)];
const MORE_PATH_JUNK = [
  '0', '-0', '1.5', '1e309', '0x10', '2147483648', '9'.repeat(101), '١٢', '%00', '%01', '%7F', '%0D%0A', '%09',
  '%zz', 'a%', '%ED%A0%80', '%C0%AF', '%E2%80%AE', encodeURIComponent('💥'), '%EF%BB%BF', '.', '..', '%2F', '%5C', '%20',
  'null', encodeURIComponent('я'.repeat(2_000)),
];

const hex16 = fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: 16, maxLength: 16 });

/** Values a parameter of this name may take, so the other parameters' junk reaches past validation. */
function plausibleParam(name: string): fc.Arbitrary<string> {
  switch (name) {
    case 'prefix':
      return fc.oneof(fc.constant('0000000000000000'), hex16);
    case 'name':
      return fc.constantFrom('a.png', 'cover-thumb.webp', 'Статья.pdf').map(encodeURIComponent);
    case 'file':
      return fc.constantFrom('x.ics', 'aaaaaaaaaaaaaaaaaaaaaaaa1.ics');
    case 'signature':
      return fc.constantFrom('x', 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    default:
      return fc.constantFrom(...Object.values(ids.courses).map(String), ...Object.values(ids.lessons).map(String), '1', '2', '3', 'me');
  }
}

/** One path parameter: a plausible value half the time, else junk (fixed kinds, or random text percent-encoded). */
function pathParam(name: string): fc.Arbitrary<string> {
  return fc.oneof(
    { arbitrary: plausibleParam(name), weight: 4 },
    { arbitrary: fc.constantFrom(...PATH_PARAM_JUNK, ...MORE_PATH_JUNK), weight: 2 },
    { arbitrary: fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }).map(String), weight: 1 },
    { arbitrary: fc.oneof(controlText, fc.string({ unit: 'grapheme', minLength: 1, maxLength: 12 })).filter((text) => text !== '').map(encodeURIComponent), weight: 1 },
  );
}

function multipart(boundary: string, parts: { name: string; filename?: string; type?: string; data: Buffer }[], cut = false): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename === undefined ? '' : `; filename="${part.filename}"`}`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${part.type ? `Content-Type: ${part.type}\r\n` : ''}\r\n`), part.data, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  const body = Buffer.concat(chunks);
  return cut ? body.subarray(0, Math.floor(body.length / 2)) : body;
}

const MAGIC = [
  [0xff, 0xd8, 0xff, 0xe0], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], [...Buffer.from('RIFF\0\0\0\0WEBP')], [...Buffer.from('%PDF-1.4\n')],
  [0x50, 0x4b, 0x03, 0x04], [...Buffer.from('ID3')], [0xff, 0xfb], [...Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script>')],
  [...Buffer.from('<html><script>alert(1)</script>')], [],
];

const multipartBody = fc
  .record({
    magic: fc.constantFrom(...MAGIC),
    tail: fc.uint8Array({ maxLength: 64 }),
    filename: fc.option(fc.oneof(fc.constantFrom('../../etc/passwd', 'a\u0000.jpg', 'x.svg', '..\\..\\w.exe', 'фото.JPG', '.htaccess', '"', '%00.png', ''), fc.string({ maxLength: 20 })), { nil: undefined }),
    type: fc.option(fc.constantFrom('image/svg+xml', 'text/html', 'image/jpeg', 'application/octet-stream', '\u0000'), { nil: undefined }),
    files: fc.integer({ min: 0, max: 3 }),
    field: fc.boolean(),
    cut: fc.boolean(),
  })
  .map(({ magic, tail, filename, type, files, field, cut }) => {
    const data = Buffer.concat([Buffer.from(magic), Buffer.from(tail)]);
    const parts = Array.from({ length: files }, () => ({ name: 'file', filename: (filename ?? 'f').replace(/[\r\n"]/g, ''), type, data }));
    if (field) parts.push({ name: 'note', filename: undefined as unknown as string, type: undefined, data: Buffer.from('x\u0000y') });
    return { payload: multipart('fuzzBoundary', parts, cut), contentType: 'multipart/form-data; boundary=fuzzBoundary' };
  });

type BodyChoice = { payload?: string | Buffer; contentType?: string };

function bodyFor(route: FuzzRoute): fc.Arbitrary<BodyChoice> {
  const keys = [...new Set([...route.keys.body, ...KNOWN_KEYS])];
  const formObject = fc.dictionary(fc.oneof({ arbitrary: fc.constantFrom(...keys), weight: 5 }, { arbitrary: fc.string({ maxLength: 10 }), weight: 1 }), junkValue, { maxKeys: 8 });
  const json = (value: unknown, contentType = 'application/json'): BodyChoice => ({ payload: JSON.stringify(value), contentType });
  const valid = VALID_BODIES[`${route.method} ${route.url}`];
  const spoiled = valid
    ? fc.dictionary(fc.constantFrom(...new Set([...Object.keys(valid), ...route.keys.body])), junkValue, { minKeys: 1, maxKeys: 2 }).map((junk) => json({ ...valid, ...junk }))
    : formObject.map((value) => json(value));
  return fc.oneof(
    { arbitrary: spoiled, weight: 10 },
    { arbitrary: formObject.map((value) => json(value)), weight: 5 },
    { arbitrary: junkValue.map((value) => json(value)), weight: 2 },
    { arbitrary: fc.constant<BodyChoice>({}), weight: 1 },
    {
      arbitrary: fc.constantFrom<BodyChoice>(
        { payload: '{', contentType: 'application/json' },
        { payload: '{"a":1,}', contentType: 'application/json' },
        { payload: '', contentType: 'application/json' },
        { payload: '{"__proto__":{"isAuthor":true}}', contentType: 'application/json' },
        { payload: '{"constructor":{"prototype":{"x":1}}}', contentType: 'application/json' },
        { payload: '"\\u0000"', contentType: 'application/json' },
        { payload: deepJson(5_000), contentType: 'application/json' },
        { payload: `[${'['.repeat(3_000)}${']'.repeat(3_000)}]`, contentType: 'application/json' },
        { payload: '{"title":"x"}', contentType: 'application/json; charset=utf-16' },
        { payload: 'title=x&version=1', contentType: 'application/x-www-form-urlencoded' },
        { payload: '<a/>', contentType: 'application/xml' },
        { payload: 'x', contentType: 'text/plain' },
        { payload: Buffer.from([0, 1, 2, 255]), contentType: 'application/octet-stream' },
        { payload: '--x\r\n', contentType: 'multipart/form-data' },
        { payload: '--x\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\n\r\n\xff\xd8\xff', contentType: 'multipart/form-data; boundary=x' },
        { payload: '{}', contentType: '' },
      ),
      weight: 3,
    },
    { arbitrary: multipartBody.map(({ payload, contentType }) => ({ payload, contentType })), weight: route.url.endsWith('/uploads/') ? 8 : 1 },
  );
}

function queryFor(route: FuzzRoute): fc.Arbitrary<string> {
  const keys = [...new Set([...route.keys.query, 'page', 'limit', 'course', 'state', 'ids', 'x', 'page[]', '__proto__'])];
  const value = fc.oneof(junkString, junkNumber.map(String));
  return fc
    .array(fc.tuple(fc.constantFrom(...keys), value, fc.boolean()), { maxLength: 4 })
    .map((pairs) => pairs.map(([key, text, raw]) => `${key}=${raw ? text.replace(/[&#\s]/g, '') : encodeURIComponent(text)}`).join('&'));
}

function requestFor(route: FuzzRoute, tokens: Record<Who, string | null>): fc.Arbitrary<FuzzRequest> {
  const method = route.method;
  const hasBody = !['GET', 'HEAD', 'OPTIONS'].includes(method);
  return fc
    .record({
      who: fc.constantFrom(...CALLERS),
      params: fc.tuple(...route.params.map(pathParam)),
      wildcard: fc.oneof(fc.constantFrom('', 'x', 'courses/1', '..%2F..%2Fetc%2Fpasswd', '%00', 'index.html', 'assets/%E2%80%AE.js'), fc.string({ maxLength: 20 }).map(encodeURIComponent)),
      query: fc.option(queryFor(route), { nil: undefined }),
      body: hasBody ? bodyFor(route) : fc.constant<BodyChoice>({}),
      accept: fc.constantFrom('application/json', 'text/html', '*/*', undefined),
      // For the forged caller: a broken Authorization header instead of a well-formed token signed with another key.
      junkAuthorization: fc.option(fc.constantFrom(...JUNK_AUTHORIZATION), { nil: undefined }),
      range: fc.option(fc.constantFrom('bytes=0-0', 'bytes=-0', 'bytes=5-3', 'bytes=0-99999999999999999999', 'bytes=-1', 'bytes=1-2,3-4', 'items=0-1', 'bytes=\u0000'), { nil: undefined }),
    })
    .map(({ who, params, wildcard, query, body, accept, junkAuthorization, range }) => {
      let url = route.url;
      route.params.forEach((name, index) => (url = url.replace(`:${name}`, params[index]!)));
      url = url.replace('*', wildcard);
      if (query !== undefined) url += `?${query}`;
      const headers: Record<string, string> = {};
      const token = tokens[who];
      if (token) Object.assign(headers, bearer(token));
      if (who === 'forged' && junkAuthorization !== undefined) headers.authorization = junkAuthorization;
      if (accept) headers.accept = accept;
      if (range) headers.range = range;
      if (body.contentType !== undefined) headers['content-type'] = body.contentType;
      return { method, url, headers, ...(body.payload === undefined ? {} : { payload: body.payload }) };
    });
}

const isApi = (url: string) => url.startsWith('/api/') || url.startsWith('/healthz') || url.startsWith('/media/');

/** Why an answer is wrong, or null when it is acceptable. */
function problemWith(request: FuzzRequest, statusCode: number, contentType: string | undefined, body: string): string | null {
  if (statusCode >= 500) return `status ${statusCode}: ${body.slice(0, 300)}`;
  if (statusCode < 400 || !isApi(request.url) || request.method === 'HEAD') return null;
  if (!contentType?.includes('application/json')) return `error without JSON (${contentType})`;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return `error body is not JSON: ${body.slice(0, 100)}`;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed) || Object.keys(parsed).length === 0) return `error body is not an object: ${body.slice(0, 100)}`;
  const entries = Object.entries(parsed as Record<string, unknown>);
  if ('detail' in parsed) {
    const detail = (parsed as { detail: unknown }).detail;
    // A refused join names its reason too, and its course when the lesson exists (common/attendance.ts
    // JoinRefusalBody): {"detail": "...", "reason": "ended", "course": 3}.
    const { reason, course } = parsed as { reason?: unknown; course?: unknown };
    const reasonOk = typeof reason === 'string' && /^[a-zA-Z]+$/.test(reason);
    const courseOk = course === undefined || (typeof course === 'number' && Number.isInteger(course) && course > 0);
    const extra = reasonOk && courseOk && entries.length === (course === undefined ? 2 : 3);
    return typeof detail === 'string' && detail.length > 0 && (entries.length === 1 || extra) ? null : `bad detail: ${body.slice(0, 200)}`;
  }
  for (const [, messages] of entries) {
    if (!Array.isArray(messages) || messages.length === 0 || !messages.every((message) => typeof message === 'string' && /[А-ЯЁа-яё]/.test(message))) {
      return `bad field errors: ${body.slice(0, 200)}`;
    }
  }
  return null;
}

describe('fuzzing every route', () => {
  let testDb: TestDatabase;
  let app: FastifyInstance;
  const routes: FuzzRoute[] = [];
  const tokens: Record<Who, string | null> = { guest: null, pupil: null, anna: null, forged: null };
  const tally = { requests: 0, byStatus: new Map<number, number>() };

  beforeAll(async () => {
    testDb = await createTestDatabase('pglite');
    await seedFixture(testDb.database.db);
    const seen: RouteOptions[] = [];
    app = await buildTestApp({ database: testDb.database, onRoute: (route) => void seen.push(route), accounts: { passwordCost: 2 ** 10 } });
    for (const route of seen) {
      for (const method of [route.method].flat()) {
        if (method === 'HEAD' && seen.some((other) => other.url === route.url && [other.method].flat().includes('GET'))) continue;
        const params = [...route.url.matchAll(/:(\w+)/g)].map((match) => match[1]!);
        routes.push({ method, url: route.url, params, keys: { body: schemaKeys(route.schema?.body), query: schemaKeys(route.schema?.querystring) } });
      }
    }
    tokens.pupil = await app.deps.tokens.sign(ids.users.pupil, 'access');
    tokens.anna = await app.deps.tokens.sign(ids.users.anna, 'access');
    // Signed with another key: never accepted.
    tokens.forged = tokens.anna.replace(/.{8}$/, 'AAAAAAAA');
  });

  afterAll(async () => {
    await app?.close();
    await testDb?.destroy();
  });

  async function send(request: FuzzRequest): Promise<string | null> {
    const response = await app.inject({ method: request.method as 'GET', url: request.url, headers: request.headers, ...(request.payload === undefined ? {} : { payload: request.payload }) });
    tally.requests += 1;
    tally.byStatus.set(response.statusCode, (tally.byStatus.get(response.statusCode) ?? 0) + 1);
    const problem = problemWith(request, response.statusCode, response.headers['content-type'] as string | undefined, response.body);
    const url = request.url.length > 160 ? `${request.url.slice(0, 160)}…` : request.url;
    return problem && `${request.method} ${url} [${request.headers['content-type'] ?? '-'}] → ${problem}`;
  }

  it('finds the API routes, the authors’ area included', () => {
    const names = routes.map((route) => `${route.method} ${route.url}`);
    for (const expected of [
      'POST /api/v1/token/',
      'POST /api/v1/users/',
      'PATCH /api/v1/mutabo/courses/:id/',
      'POST /api/v1/mutabo/uploads/',
      'GET /media/:prefix/:name',
      // Recorded lectures (issue 34): the tus upload, the author's and the viewer's routes.
      'POST /api/v1/mutabo/lessons/:id/recording/uploads/',
      'OPTIONS /api/v1/mutabo/lessons/:id/recording/uploads/',
      'HEAD /api/v1/mutabo/lessons/:id/recording/uploads/:uploadId',
      'PATCH /api/v1/mutabo/lessons/:id/recording/uploads/:uploadId',
      'DELETE /api/v1/mutabo/lessons/:id/recording/uploads/:uploadId',
      'DELETE /api/v1/mutabo/lessons/:id/recording/',
      'POST /api/v1/mutabo/lessons/:id/recording/retry/',
      'GET /api/v1/mutabo/recordings/storage/',
      'GET /api/v1/mutabo/lessons/:id/recording/viewers/',
      'GET /api/v1/lessons/:id/recording/',
      'PUT /api/v1/lessons/:id/recording/position/',
      'PUT /api/v1/mutabo/people/:id/recording-access/',
      'DELETE /api/v1/mutabo/people/:id/recording-access/',
      'GET /media/recordings/:lessonId/:file',
      // Attendance (issue 35): the join link, the logged-in join and the authors' list.
      'GET /lessons/:id/join',
      'POST /api/v1/lessons/:id/join/',
      'GET /api/v1/mutabo/lessons/:id/attendance/',
      'GET /api/v1/mutabo/lessons/:id/attendance.csv',
      // Homework, the authors' side (issue 35): the queue, the numbers, an answer and the decision.
      'GET /api/v1/mutabo/homework/',
      'GET /api/v1/mutabo/homework/stats/',
      'GET /api/v1/mutabo/homework/answers/:id/',
      'POST /api/v1/mutabo/homework/answers/:id/decision/',
      // The view beacon (issue 37).
      'POST /api/v1/stats/view/',
    ]) {
      expect(names).toContain(expected);
    }
    expect(routes.find((route) => route.url === '/api/v1/mutabo/courses/' && route.method === 'POST')!.keys.body).toContain('title');
  });

  it('answers tus’s own refusals of an upload under way as JSON in Russian, as the rest of the API', async () => {
    const uploads = (lessonId: number) => `/api/v1/mutabo/lessons/${lessonId}/recording/uploads/`;
    const tus = { ...bearer(tokens.anna!), 'tus-resumable': '1.0.0' };
    const metadata = `filename ${Buffer.from('лекция.mp4').toString('base64')}`;
    const created = await app.inject({ method: 'POST', url: uploads(ids.lessons.announced), headers: { ...tus, 'upload-length': '1000', 'upload-metadata': metadata } });
    expect(created.statusCode).toBe(201);
    const location = created.headers.location as string;
    const chunk = { 'content-type': 'application/offset+octet-stream' };
    const bytes = Buffer.alloc(10);
    const cases: { name: string; method: 'PATCH' | 'POST'; url?: string; headers: Record<string, string>; payload?: Buffer; status: number }[] = [
      { name: 'no Tus-Resumable', method: 'PATCH', headers: { ...bearer(tokens.anna!), ...chunk, 'upload-offset': '0' }, payload: bytes, status: 412 },
      { name: 'a wrong offset', method: 'PATCH', headers: { ...tus, ...chunk, 'upload-offset': '5' }, payload: bytes, status: 409 },
      { name: 'no offset', method: 'PATCH', headers: { ...tus, ...chunk }, payload: bytes, status: 403 },
      { name: 'no content type', method: 'PATCH', headers: { ...tus, 'upload-offset': '0' }, status: 403 },
      { name: 'a malformed header', method: 'PATCH', headers: { ...tus, ...chunk, 'upload-offset': 'x' }, payload: bytes, status: 400 },
      { name: 'more than announced', method: 'PATCH', headers: { ...tus, ...chunk, 'upload-offset': '0' }, payload: Buffer.alloc(1001), status: 413 },
      { name: 'a header value the web’s Headers refuse', method: 'PATCH', headers: { ...tus, ...chunk, 'upload-offset': '0', range: 'bytes=\u0000' }, payload: bytes, status: 400 },
      { name: 'a concatenation', method: 'POST', url: uploads(ids.lessons.draftCourse), headers: { ...tus, 'upload-length': '10', 'upload-metadata': metadata, 'upload-concat': 'partial' }, status: 400 },
    ];
    const problems: string[] = [];
    for (const { name, method, url, headers, payload, status } of cases) {
      const response = await app.inject({ method, url: url ?? location, headers, ...(payload ? { payload } : {}) });
      const detail = (() => {
        try {
          return (JSON.parse(response.body) as { detail?: unknown }).detail;
        } catch {
          return undefined;
        }
      })();
      const problem = problemWith({ method, url: url ?? location, headers }, response.statusCode, response.headers['content-type'] as string | undefined, response.body);
      if (response.statusCode !== status || problem || typeof detail !== 'string' || !/[А-ЯЁа-яё]/.test(detail)) {
        problems.push(`${name}: ${response.statusCode} ${String(response.headers['content-type'])} ${response.body.slice(0, 120)}`);
      }
    }
    expect(problems).toEqual([]);
    // The upload is still there, untouched by the refusals, and goes away when asked.
    const head = await app.inject({ method: 'HEAD', url: location, headers: tus });
    expect([head.statusCode, head.headers['upload-offset']]).toEqual([200, '0']);
    expect((await app.inject({ method: 'DELETE', url: location, headers: tus })).statusCode).toBe(204);
  });

  it('never answers a fixed set of hostile requests with a 5xx or an unclear error', async () => {
    const problems: string[] = [];
    const check = async (request: FuzzRequest) => {
      const problem = await send(request);
      if (problem) problems.push(problem);
    };
    const hugeJson = JSON.stringify({ title: 'я'.repeat(3_000_000), version: 1 });
    const spoilers: unknown[] = ['x\u0000y', '\u0001\u001f\u007f\u0085', ['\u0000'], { nested: [1, { deeper: null }] }, -1, 2 ** 53, 1.5, true, null, 'я'.repeat(10_000)];
    const perFieldSpoilers: unknown[] = ['x\u0000y', '\u0001\u001f\u007f\u0085', { nested: [1, { deeper: null }] }, -1, 2 ** 53];
    for (const route of routes) {
      if (['GET', 'HEAD', 'OPTIONS'].includes(route.method)) continue;
      const url = route.url.replace(/:\w+/g, '1').replace('*', 'x');
      const valid = VALID_BODIES[`${route.method} ${route.url}`] ?? {};
      const keys = [...new Set([...Object.keys(valid), ...route.keys.body, 'email', 'password', 'title'])];
      // The caller the route lets furthest in: an author in the authors' area, a participant elsewhere.
      const insider: Who = /^\/api\/v1\/(mutabo|manager)\//.test(route.url) ? 'anna' : 'pupil';
      for (const who of CALLERS) {
        const headers = { 'content-type': 'application/json', ...(tokens[who] ? bearer(tokens[who]!) : {}) };
        // Every field at once with each bad value, then (for the caller the route lets in) one field at a time in a valid body.
        // Callers the route refuses at the door need only a taste.
        for (const spoiler of who === insider ? spoilers : spoilers.slice(0, 2)) {
          await check({ method: route.method, url, headers, payload: JSON.stringify(Object.fromEntries(keys.map((key) => [key, spoiler]))) });
        }
        if (who === insider) {
          for (const key of keys) for (const spoiler of perFieldSpoilers) await check({ method: route.method, url, headers, payload: JSON.stringify({ ...valid, [key]: spoiler }) });
        }
      }
      // Deep and oversized bodies, refused before any handler runs.
      for (const payload of [deepJson(20_000), hugeJson, 'x'.repeat(6 * 1024 * 1024)]) {
        await check({ method: route.method, url, headers: { 'content-type': 'application/json', ...bearer(tokens.anna!) }, payload });
      }
    }
    expect(problems).toEqual([]);
  }, 60_000);

  it('never answers junk in any path parameter with a 5xx or an unclear error', async () => {
    const problems: string[] = [];
    const fixedValue: Record<string, string> = { prefix: '0000000000000000', name: 'a.png', file: 'x.ics', signature: 'x' };
    for (const route of routes) {
      if (route.params.length === 0) continue;
      const insider: Who = /^\/api\/v1\/(mutabo|manager)\//.test(route.url) ? 'anna' : 'pupil';
      const hasBody = !['GET', 'HEAD', 'OPTIONS'].includes(route.method);
      const headers = { ...bearer(tokens[insider]!), ...(hasBody ? { 'content-type': 'application/json' } : {}) };
      const payload = hasBody ? JSON.stringify(VALID_BODIES[`${route.method} ${route.url}`] ?? {}) : undefined;
      // Junk in one parameter at a time, the others plausible, so that each parameter's own check is reached.
      for (const [index, junkName] of route.params.entries()) {
        for (const junk of PATH_PARAM_JUNK) {
          let url = route.url.replace('*', 'x');
          route.params.forEach((name, at) => (url = url.replace(`:${name}`, at === index ? junk : (fixedValue[name] ?? '1'))));
          const problem = await send({ method: route.method, url, headers, ...(payload === undefined ? {} : { payload }) });
          if (problem) problems.push(`${junkName}: ${problem}`);
        }
      }
    }
    expect(problems).toEqual([]);
  }, 60_000);

  it('never answers random requests to any route with a 5xx or an unclear error', async () => {
    const problems: string[] = [];
    for (const [index, route] of routes.entries()) {
      await fc.assert(
        fc.asyncProperty(requestFor(route, tokens), async (request) => {
          const problem = await send(request);
          if (problem) problems.push(problem);
          return problem === null;
        }),
        { seed: SEED + index, numRuns: RUNS_PER_ROUTE, endOnFailure: true },
      ).catch(() => undefined);
    }
    expect(problems).toEqual([]);
    // The figures docs/SECURITY.md quotes.
    console.info(`fuzz: ${routes.length} routes, ${tally.requests} requests, statuses ${JSON.stringify(Object.fromEntries([...tally.byStatus].sort(([a], [b]) => a - b)))}`);
  }, 60_000);
});
