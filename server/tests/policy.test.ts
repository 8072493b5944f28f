// The personal-data processing policy with versions (issue 20, item 2): read by anyone at
// /api/v2/user/pages-content/policy/ (the default text as version 0 until the authors' first save, naming the seller
// or the configured operator), edited by the authors at /api/v1/mutabo/pages-content/policy/ (versions, history,
// 409 when stale), and named by every consent record made while it is in force.
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryPage } from '../../common/mutabo/history.ts';
import { DEFAULT_POLICY_NAME, DEFAULT_POLICY_PUBLISHED_AT, policyMessages, type Policy } from '../../common/policy.ts';
import { WITHDRAWAL_SUBJECT } from '../../common/policyText.ts';
import { consents, seller, users } from '../src/db/schema.ts';
import { bearer, buildTestApp, fixtureContent, ids, testConfig } from './fixtures.ts';
import { openMutaboKit, raw, type MutaboKit } from './mutaboKit.ts';
import { dbModes } from './testDb.ts';

const AREA_URL = '/api/v1/mutabo/pages-content/policy/';
const PUBLIC_URL = '/api/v2/user/pages-content/policy/';

/** The words of a policy's rich text, blocks joined by line breaks, and its headings. */
function readText(text: string) {
  const blocks = (JSON.parse(text) as { blocks: { text: string; type: string }[] }).blocks;
  return { words: blocks.map((block) => block.text).join('\n'), headings: blocks.filter((block) => block.type === 'header-two').map((block) => block.text) };
}

describe.each(dbModes())('the privacy policy (%s)', (mode) => {
  let kit: MutaboKit;
  /** A second app on the same database, with the operator configured and its own public cache. */
  let configured: FastifyInstance;
  beforeAll(async () => {
    kit = await openMutaboKit(mode);
    configured = await buildTestApp({
      database: kit.testDb.database,
      config: testConfig({ OPERATOR_NAME: 'ИП Операторов Олег Олегович', OPERATOR_EMAIL: 'privacy@example.org', PUBLIC_URL: 'https://courses.example.org' }),
    });
  });
  afterAll(async () => {
    await configured?.close();
    await kit?.close();
  });

  const call: MutaboKit['call'] = (...args) => kit.call(...args);
  const publicPolicy = async (app: FastifyInstance = kit.app) => {
    const response = await app.inject(PUBLIC_URL);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Policy>();
  };
  const signUp = async (email: string) => {
    const response = await kit.app.inject({
      method: 'POST',
      url: '/api/v1/users/',
      payload: { email, firstName: 'Ольга', lastName: 'Согласная', password1: 'Тихий-рассвет-42', password2: 'Тихий-рассвет-42', agreement: true },
    });
    expect(response.statusCode, response.body).toBe(201);
    const [user] = await kit.testDb.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    const records = await kit.testDb.database.db.select().from(consents).where(eq(consents.userId, user!.id)).orderBy(asc(consents.id));
    return records.map((record) => [record.kind, record.policyVersion]);
  };

  it('exists before any save: the default text as version 0, the same to anyone and in the area', async () => {
    const policy = await publicPolicy();
    expect(policy).toMatchObject({ name: DEFAULT_POLICY_NAME, version: 0, publishedAt: DEFAULT_POLICY_PUBLISHED_AT });
    const { words, headings } = readText(policy.text);
    // The spec's ten numbered sections, as headings.
    expect(headings).toHaveLength(10);
    headings.forEach((heading, index) => expect(heading).toMatch(new RegExp(`^${index + 1}\\. `)));
    // It tells the truth about this site: what is stored, the minors' fields, who receives data, the browser, how long,
    // and what a person can do; and none of the old false claims.
    for (const words_ of [/год рождения/, /ходит ли участник в школу/, /трудности с чтением и письмом/, /Отвечать необязательно/, /ЮKassa/, /PayPal/, /почтовый сервис/, /хостинг/]) expect(words).toMatch(words_);
    for (const words_ of [/не сохраняет файлы cookie/, /accessToken/, /refreshToken/, /Сторонней веб-аналитики и сервисов интернет-статистики на Сайте нет/, /в Российской Федерации/, /30 дней после отправки/, /пять лет/]) expect(words).toMatch(words_);
    for (const words_ of [/Мои данные/, /удаления учётной записи/, new RegExp(WITHDRAWAL_SUBJECT), /статьи 18\.1/]) expect(words).toMatch(words_);
    // Issue 37: what the view counter counts, and that nothing of the visitor is kept.
    for (const words_ of [/сколько раз за день открыта каждая страница/, /ни IP-адрес, ни название браузера, ни учётная запись/, /Просмотры поисковых и других роботов и собственные просмотры авторов Сайта не считаются/]) expect(words).toMatch(words_);
    expect(words).not.toMatch(/ни при каких условиях не передаются третьим лицам/);
    expect(words).not.toMatch(/с помощью сервисов интернет-статистики/);
    // The fixture's seller is the operator, with the seller's details and e-mail.
    const { seller: s } = fixtureContent;
    // Numbers keep their labels, and the phone its digits, with no-break spaces.
    const nbsp = (text: string) => text.replace(/ /g, '\u00a0');
    expect(words).toContain(`Оператор персональных данных: ${s.name}; ${nbsp(`ИНН ${s.inn}`)}, ${nbsp(`ОГРНИП ${s.ogrn}`)}; адрес: ${s.address}; телефон: ${nbsp(s.phone)} (далее — Оператор).`);
    expect(words).toContain(`по электронной почте ${s.email}`);

    expect((await call('GET', AREA_URL, 'anna')).json<Policy>()).toEqual(policy);
    expect((await call('GET', AREA_URL, 'pupil')).statusCode).toBe(403);
    expect((await call('GET', AREA_URL, 'guest')).statusCode).toBe(401);
  });

  it('names the operator of the server’s configuration while the seller’s name is not filled in, and the seller once it is', async () => {
    const db = kit.testDb.database.db;
    const [saved] = await db.select().from(seller);
    await db.delete(seller);
    configured.deps.publicCache.invalidate();
    const { words } = readText((await publicPolicy(configured)).text);
    expect(words).toContain('Оператор персональных данных: ИП Операторов Олег Олегович (далее — Оператор). Адрес для обращений по поводу персональных данных: privacy@example.org.');
    expect(words).toContain('по электронной почте privacy@example.org');
    expect(words).toContain('по адресу https://courses.example.org/policy.');
    expect(words).not.toContain(fixtureContent.seller.name);

    // A seller without an e-mail keeps the configured one.
    await db.insert(seller).values({ ...saved!, email: '' });
    configured.deps.publicCache.invalidate();
    const withSeller = readText((await publicPolicy(configured)).text).words;
    expect(withSeller).toContain(`Оператор персональных данных: ${fixtureContent.seller.name}; ИНН`);
    expect(withSeller).toContain('по электронной почте privacy@example.org');
    await db.update(seller).set({ email: saved!.email });
  });

  it('is saved by the authors with its version and date, shows at once, records the history; a stale copy is 409', async () => {
    const before = await publicPolicy();
    expect(await signUp('before-save@example.org')).toEqual([['processing', '0']]);

    // Refused: not an author, not logged in, an empty text, no name.
    expect((await call('PATCH', AREA_URL, 'pupil', { name: 'Чужая', version: 0 })).statusCode).toBe(403);
    expect((await call('PATCH', AREA_URL, 'guest', { name: 'Чужая', version: 0 })).statusCode).toBe(401);
    const empty = await call('PATCH', AREA_URL, 'anna', { text: '', name: '', version: 0 });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ name: [expect.any(String)], text: [policyMessages.textRequired] });
    expect((await call('PATCH', AREA_URL, 'anna', { text: raw('   '), version: 0 })).json()).toEqual({ text: [policyMessages.textRequired] });

    // The first save of the heading alone keeps the default text as version 1.
    const started = Date.now();
    const first = await call('PATCH', AREA_URL, 'anna', { name: 'Политика обработки персональных данных', version: 0 });
    expect(first.statusCode, first.body).toBe(200);
    const one = first.json<Policy>();
    expect(one).toMatchObject({ name: 'Политика обработки персональных данных', text: before.text, version: 1 });
    expect(Date.parse(one.publishedAt)).toBeGreaterThanOrEqual(started - 1000);
    expect(await publicPolicy()).toEqual(one);

    const second = await call('PATCH', AREA_URL, 'boris', { text: raw('1. Общие положения.', 'Новая редакция.'), version: 1 });
    expect(second.statusCode, second.body).toBe(200);
    const two = second.json<Policy>();
    expect(two).toMatchObject({ text: raw('1. Общие положения.', 'Новая редакция.'), version: 2 });
    expect(Date.parse(two.publishedAt)).toBeGreaterThanOrEqual(Date.parse(one.publishedAt));
    expect(await publicPolicy()).toEqual(two);

    const stale = await call('PATCH', AREA_URL, 'anna', { name: 'Старая', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ detail: policyMessages.stale });
    expect((await call('PATCH', AREA_URL, 'anna', { text: raw('Другая.'), version: 0 })).statusCode).toBe(409);

    const history = (await call('GET', '/api/v1/mutabo/history/?entity=policy', 'anna')).json<HistoryPage>();
    expect(history.results.map((entry) => [entry.action, entry.user?.name])).toEqual([
      ['update', 'Борис Иванов'],
      ['create', 'Анна Петрова'],
    ]);
    expect(history.results[1]!.after).toEqual({ name: 'Политика обработки персональных данных', text: before.text });

    // Consents made now name version 2: a sign-up, and a news subscription.
    expect(await signUp('after-save@example.org')).toEqual([['processing', '2']]);
    const pupil = bearer(await kit.app.deps.tokens.sign(ids.users.pupil, 'access'));
    expect((await kit.app.inject({ method: 'POST', url: `/api/v1/courses/${ids.courses.announced}/subscribe-for-mailouts/`, headers: pupil })).statusCode).toBe(204);
    const exported = await kit.app.inject({ url: '/api/v1/users/me/export/', headers: pupil });
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.json<{ consents: { kind: string; policyVersion: string }[] }>().consents).toEqual([expect.objectContaining({ kind: 'news', policyVersion: '2' })]);
  });
});
