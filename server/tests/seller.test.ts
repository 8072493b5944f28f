// The seller's details (issue 19): edited by the authors at /api/v1/mutabo/seller/ (versions, history, Russian field
// errors; ИНН and ОГРН checked with their check digits), read by anyone at /api/v1/seller/, changed there at once;
// the demo's fictitious seller passes the checks.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sellerMessages, type MutaboSeller } from '../../common/mutabo/seller.ts';
import { mutaboMessages } from '../../common/mutabo/fields.ts';
import type { HistoryPage } from '../../common/mutabo/history.ts';
import { isValidInn, isValidOgrn } from '../../common/sellerNumbers.ts';
import type { Seller } from '../../common/wireTypes.ts';
import { demoContent } from '../src/db/demo/content.ts';
import { seller as sellerTable } from '../src/db/schema.ts';
import { fixtureContent } from './fixtures.ts';
import { openMutaboKit, type MutaboKit } from './mutaboKit.ts';
import { dbModes } from './testDb.ts';

const EMPTY: Seller = { name: '', inn: '', ogrn: '', address: '', email: '', phone: '' };

describe.each(dbModes())('the seller’s details (%s)', (mode) => {
  let kit: MutaboKit;
  beforeAll(async () => {
    kit = await openMutaboKit(mode);
  });
  afterAll(async () => {
    await kit?.close();
  });

  const call: MutaboKit['call'] = (...args) => kit.call(...args);
  const publicSeller = async () => {
    const response = await kit.app.inject('/api/v1/seller/');
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Seller>();
  };
  const areaSeller = async () => (await call('GET', '/api/v1/mutabo/seller/', 'anna')).json<MutaboSeller>();
  const patch = (body: Record<string, unknown>, who: 'anna' | 'boris' = 'anna') => call('PATCH', '/api/v1/mutabo/seller/', who, body);

  it('answers the fixture’s seller to anyone, and only authors read and edit it in the area', async () => {
    expect(await publicSeller()).toEqual(fixtureContent.seller);
    expect((await call('GET', '/api/v1/seller/', 'pupil')).json()).toEqual(fixtureContent.seller);
    expect(await areaSeller()).toEqual({ ...fixtureContent.seller, version: 1 });
    expect((await call('GET', '/api/v1/mutabo/seller/', 'guest')).statusCode).toBe(401);
    expect((await call('GET', '/api/v1/mutabo/seller/', 'pupil')).statusCode).toBe(403);
    expect((await call('PATCH', '/api/v1/mutabo/seller/', 'pupil', { name: 'Чужой', version: 1 })).statusCode).toBe(403);
  });

  it('is saved with its version and shows on the public address at once; a stale copy is 409; history records it', async () => {
    const before = await areaSeller();
    const saved = await patch({ name: 'ООО «Мутабор»', inn: '7707083893', ogrn: '1027700132195', phone: '+7 (495) 123-45-67', version: before.version });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<MutaboSeller>()).toMatchObject({ name: 'ООО «Мутабор»', inn: '7707083893', ogrn: '1027700132195', phone: '+7 (495) 123-45-67', version: before.version + 1 });
    expect(await publicSeller()).toMatchObject({ name: 'ООО «Мутабор»', inn: '7707083893', ogrn: '1027700132195', address: fixtureContent.seller.address });

    const stale = await patch({ name: 'Старое', version: before.version }, 'boris');
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ detail: sellerMessages.stale });

    // Nothing changed: the version stays and nothing is recorded.
    const same = await patch({ name: 'ООО «Мутабор»', version: before.version + 1 });
    expect(same.json<MutaboSeller>().version).toBe(before.version + 1);

    const history = (await call('GET', '/api/v1/mutabo/history/?entity=seller', 'boris')).json<HistoryPage>();
    expect(history.results).toHaveLength(1);
    expect(history.results[0]).toMatchObject({
      action: 'update',
      user: { name: 'Анна Петрова' },
      before: { name: fixtureContent.seller.name, inn: fixtureContent.seller.inn },
      after: { name: 'ООО «Мутабор»', inn: '7707083893' },
    });
  });

  it('refuses wrong numbers, addresses and phones with Russian messages under the fields, and writes nothing', async () => {
    const { version } = await areaSeller();
    const refused = await patch({ inn: '7707083894', ogrn: '1027700132194', email: 'не почта', phone: 'позвоните', name: 'x'.repeat(301), version });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      inn: [sellerMessages.innChecksum],
      ogrn: [sellerMessages.ogrnChecksum],
      email: [sellerMessages.emailInvalid],
      phone: [sellerMessages.phoneInvalid],
      name: [sellerMessages.nameTooLong],
    });
    expect((await patch({ inn: '12345', ogrn: '12', version })).json()).toEqual({ inn: [sellerMessages.innFormat], ogrn: [sellerMessages.ogrnFormat] });
    expect((await patch({ email: "javascript:alert('ae')//@ex.com", version })).json()).toEqual({ email: [sellerMessages.emailInvalid] });
    expect((await patch({ address: 'Москва\u0000', version })).json()).toEqual({ address: [mutaboMessages.controlCharacters] });
    expect((await patch({ name: 'Без версии' })).json()).toEqual({ version: [mutaboMessages.versionRequired] });
    // An organisation's ИНН with an ИП's ОГРНИП (both valid on their own), also against the stored one.
    expect((await patch({ inn: '7707083893', ogrn: '304500116000157', version })).json()).toEqual({ ogrn: [sellerMessages.innOgrnMismatch] });
    expect((await patch({ ogrn: '304500116000157', version })).json()).toEqual({ ogrn: [sellerMessages.innOgrnMismatch] });
    expect((await areaSeller()).version).toBe(version);
  });

  it('takes numbers with spaces, an ИП’s twelve and fifteen digits, and empties every field', async () => {
    const { version } = await areaSeller();
    const ip = await patch({ name: 'ИП Петрова Анна Сергеевна', inn: '5001 0073 2259', ogrn: '304 500 116 000 157', version });
    expect(ip.statusCode, ip.body).toBe(200);
    expect(ip.json<MutaboSeller>()).toMatchObject({ inn: '500100732259', ogrn: '304500116000157' });
    const emptied = await patch({ ...EMPTY, version: version + 1 });
    expect(emptied.statusCode, emptied.body).toBe(200);
    expect(await publicSeller()).toEqual(EMPTY);
  });

  it('answers empty strings while no row exists, and the first save makes it', async () => {
    await kit.testDb.database.db.delete(sellerTable);
    kit.app.deps.publicCache.invalidate();
    expect(await publicSeller()).toEqual(EMPTY);
    expect(await areaSeller()).toEqual({ ...EMPTY, version: 0 });
    const created = await patch({ name: 'ИП Иванов Борис', version: 0 }, 'boris');
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toEqual({ ...EMPTY, name: 'ИП Иванов Борис', version: 1 });
    expect((await patch({ name: 'Второй первый', version: 0 })).statusCode).toBe(409);
    expect((await publicSeller()).name).toBe('ИП Иванов Борис');
  });

  it('never answers 500 to junk', async () => {
    for (const body of [null, 'строка', [], { version: '1' }, { version: 1, inn: 7707083893 }, { version: 1, ogrn: ['1'], phone: { a: 1 } }, { version: 2 ** 40, email: 'a@b.c\u0000' }]) {
      const response = await patch(body as Record<string, unknown>);
      expect(response.statusCode, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, JSON.stringify(body)).toBeLessThan(500);
    }
  });
});

describe('the demo’s seller', () => {
  it('is fictitious but complete, and its numbers pass the checks', () => {
    const { seller } = demoContent;
    for (const field of ['name', 'inn', 'ogrn', 'address', 'email', 'phone'] as const) expect(seller[field], field).not.toBe('');
    expect(isValidInn(seller.inn)).toBe(true);
    expect(isValidOgrn(seller.ogrn)).toBe(true);
    expect(seller.email).toMatch(/@example\.(org|com|ru)$/);
  });
});
