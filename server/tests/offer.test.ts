// The public offer (issue 19): its text edited by the authors at /api/v1/mutabo/pages-content/offer/ (versions,
// history, created by the first save), read by anyone at /api/v2/user/pages-content/offer/; /offer is a page of the
// site whose first HTML carries the offer; the demo has an offer in Russian.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mutaboMessages } from '../../common/mutabo/fields.ts';
import type { HistoryPage } from '../../common/mutabo/history.ts';
import { DEFAULT_OFFER_NAME, sellerMessages, type MutaboOffer } from '../../common/mutabo/seller.ts';
import type { Offer } from '../../common/wireTypes.ts';
import { demoContent } from '../src/db/demo/content.ts';
import { paragraphsToDraftRaw } from '../src/db/draftRaw.ts';
import { pagesContent } from '../src/db/schema.ts';
import { buildTestApp, fixtureContent } from './fixtures.ts';
import { openMutaboKit, raw, type MutaboKit } from './mutaboKit.ts';
import { dbModes } from './testDb.ts';

const OFFER_URL = '/api/v1/mutabo/pages-content/offer/';
const PUBLIC_URL = '/api/v2/user/pages-content/offer/';

describe.each(dbModes())('the public offer (%s)', (mode) => {
  let kit: MutaboKit;
  let distDir: string;
  let site: FastifyInstance;
  beforeAll(async () => {
    kit = await openMutaboKit(mode);
    distDir = mkdtempSync(path.join(os.tmpdir(), 'webinar-courses-offer-dist-'));
    mkdirSync(path.join(distDir, 'assets'));
    writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><html lang="ru"><head><title>Мутабор</title></head><body><div id="root"></div></body></html>');
    site = await buildTestApp({ database: kit.testDb.database, distDir });
  });
  afterAll(async () => {
    await site?.close();
    await kit?.close();
    if (distDir) rmSync(distDir, { recursive: true, force: true });
  });

  const call: MutaboKit['call'] = (...args) => kit.call(...args);
  const publicOffer = () => kit.app.inject(PUBLIC_URL);

  it('is read by anyone in the timetable’s shape, and by the authors with its version', async () => {
    const response = await publicOffer();
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Offer>()).toEqual({ name: fixtureContent.offer.name, text: paragraphsToDraftRaw(fixtureContent.offer.text) });
    expect((await call('GET', OFFER_URL, 'anna')).json<MutaboOffer>()).toEqual({ ...response.json<Offer>(), version: 1 });
    expect((await call('GET', OFFER_URL, 'pupil')).statusCode).toBe(403);
    expect((await call('PATCH', OFFER_URL, 'guest', { name: 'Чужое', version: 1 })).statusCode).toBe(401);
  });

  it('is changed with its version and shows at once; a stale copy is 409; bad fields are 400; history records it', async () => {
    const changed = await call('PATCH', OFFER_URL, 'boris', { text: raw('1. Предмет договора.', '2. Цена.'), version: 1 });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<MutaboOffer>()).toEqual({ name: fixtureContent.offer.name, text: raw('1. Предмет договора.', '2. Цена.'), version: 2 });
    expect((await publicOffer()).json<Offer>().text).toBe(raw('1. Предмет договора.', '2. Цена.'));

    const stale = await call('PATCH', OFFER_URL, 'anna', { name: 'Старое', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ detail: sellerMessages.staleOffer });
    expect((await call('PATCH', OFFER_URL, 'anna', { text: 'просто текст', name: '', version: 2 })).json()).toEqual({
      name: [mutaboMessages.titleRequired],
      text: [mutaboMessages.richTextInvalid],
    });

    const history = (await call('GET', '/api/v1/mutabo/history/?entity=offer', 'anna')).json<HistoryPage>();
    expect(history.results).toHaveLength(1);
    expect(history.results[0]).toMatchObject({ entity: 'offer', action: 'update', user: { name: 'Борис Иванов' }, after: { text: raw('1. Предмет договора.', '2. Цена.') } });
  });

  it('has a page at /offer whose first HTML carries the offer and the seller', async () => {
    const page = await site.inject({ url: '/offer', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    const data = JSON.parse(/<script type="application\/json" id="initial-data">(.*?)<\/script>/s.exec(page.body)![1]!) as Record<string, unknown>;
    expect(data.offer).toEqual((await publicOffer()).json());
    expect(data.seller).toEqual(fixtureContent.seller);
  });

  it('puts the seller into the first HTML of every page, for the footer', async () => {
    for (const url of ['/', '/about', '/policy', '/timetable', '/no-such-page']) {
      const page = await site.inject({ url, headers: { accept: 'text/html' } });
      const data = JSON.parse(/<script type="application\/json" id="initial-data">(.*?)<\/script>/s.exec(page.body)![1]!) as Record<string, unknown>;
      expect(data.seller, url).toEqual(fixtureContent.seller);
    }
  });

  it('answers 404 while there is no offer, and the authors’ first save makes it', async () => {
    await kit.testDb.database.db.delete(pagesContent).where(eq(pagesContent.slug, 'offer'));
    kit.app.deps.publicCache.invalidate();
    const missing = await publicOffer();
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: expect.any(String) });
    expect((await call('GET', OFFER_URL, 'anna')).json()).toEqual({ name: DEFAULT_OFFER_NAME, text: '', version: 0 });
    const created = await call('PATCH', OFFER_URL, 'anna', { text: raw('Новая оферта.'), version: 0 });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toEqual({ name: DEFAULT_OFFER_NAME, text: raw('Новая оферта.'), version: 1 });
    expect((await publicOffer()).json()).toEqual({ name: DEFAULT_OFFER_NAME, text: raw('Новая оферта.') });
    expect((await call('PATCH', OFFER_URL, 'boris', { text: raw('Другая.'), version: 0 })).statusCode).toBe(409);
  });
});

describe('the demo’s offer', () => {
  it('says in Russian what is sold, the price and payment, refunds and who the seller is', () => {
    const text = demoContent.offer.text.join('\n');
    expect(demoContent.offer.name).toMatch(/оферт/i);
    // Its sections are headed: «## » paragraphs become the text's headings.
    const blocks = (JSON.parse(paragraphsToDraftRaw(demoContent.offer.text)) as { blocks: { text: string; type: string }[] }).blocks;
    expect(blocks.filter((block) => block.type === 'header-two').map((block) => block.text)).toContain('6. Отказ от участия и возврат денег');
    expect(blocks.every((block) => !block.text.startsWith('#'))).toBe(true);
    for (const words of [/вебинар/i, /цен|стоимост/i, /оплат/i, /возврат/i, /исполнител/i, /акцепт/i, /реквизит/i]) expect(text).toMatch(words);
  });
});
