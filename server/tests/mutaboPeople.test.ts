// «Люди» in the authors' area (issue 20, item 5): who may call it, the search, a person's card with their consent
// records, and the export and the deletion made for a person's written request, recorded in the history with the
// author who made them.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mutaboMessages } from '../../common/mutabo/fields.ts';
import type { HistoryPage } from '../../common/mutabo/history.ts';
import { MUTABO_PAGE_SIZE, type MutaboPage } from '../../common/mutabo/sharedContent.ts';
import { peopleMessages, type MutaboPersonCard, type MutaboPersonListItem } from '../../common/mutabo/people.ts';
import { auditLog, consents, mailingSubscriptions, participants, paymentLessons, payments, users } from '../src/db/schema.ts';
import { UNUSABLE_PASSWORD } from '../src/services/accounts/passwords.ts';
import { ids } from './fixtures.ts';
import { openMutaboKit, type Method, type MutaboKit } from './mutaboKit.ts';
import { dbModes } from './testDb.ts';

const PEOPLE = '/api/v1/mutabo/people/';

describe.each(dbModes())('the authors’ people (%s)', (mode) => {
  let kit: MutaboKit;
  beforeAll(async () => {
    kit = await openMutaboKit(mode);
  });
  afterAll(async () => {
    await kit?.close();
  });

  const call: MutaboKit['call'] = (...args) => kit.call(...args);
  const db = () => kit.testDb.database.db;

  const addPerson = async (values: { email: string; firstName?: string; lastName?: string; isActive?: boolean }) => {
    const [row] = await db()
      .insert(users)
      .values({ passwordHash: UNUSABLE_PASSWORD, isActive: true, ...values })
      .returning({ id: users.id });
    return row!.id;
  };

  const search = async (text: string, page = 1) => {
    const response = await call('GET', `${PEOPLE}?search=${encodeURIComponent(text)}&page=${page}`, 'anna');
    expect(response.statusCode, response.body).toBe(200);
    return response.json<MutaboPage<MutaboPersonListItem>>();
  };

  describe('who may call it', () => {
    const endpoints: [Method, string][] = [
      ['GET', PEOPLE],
      ['GET', `${PEOPLE}?search=a`],
      ['GET', `${PEOPLE}${ids.users.pupil}/`],
      ['GET', `${PEOPLE}${ids.users.pupil}/export/`],
      ['DELETE', `${PEOPLE}${ids.users.pupil}/`],
    ];

    it.each(endpoints)('%s %s: 401 for a guest, 403 for a user who is not an author, and nothing recorded', async (method, url) => {
      const body = method === 'DELETE' ? { writtenRequest: true } : undefined;
      const guest = await call(method, url, 'guest', body);
      expect(guest.statusCode).toBe(401);
      const pupil = await call(method, url, 'pupil', body);
      expect(pupil.statusCode).toBe(403);
      expect(pupil.json()).toEqual({ detail: mutaboMessages.notAuthor });
      expect(pupil.body).not.toContain('pupil@example.org');
      expect(await db().select().from(auditLog).where(eq(auditLog.entity, 'person'))).toEqual([]);
    });
  });

  describe('the search', () => {
    let irina: number;
    let ivan: number;
    let percent: number;
    let underscore: number;
    beforeAll(async () => {
      irina = await addPerson({ email: 'irina.sm@example.org', firstName: 'Ирина', lastName: 'Смирнова' });
      ivan = await addPerson({ email: 'ivan@mail.example', firstName: 'Иван', lastName: 'Смирнов-Петров', isActive: false });
      percent = await addPerson({ email: 'sale@example.org', firstName: 'Скидка', lastName: '50%' });
      underscore = await addPerson({ email: 'low_line@example.org', firstName: 'Нижняя', lastName: 'Черта' });
    });

    it('finds by a part of the first or last name, whatever the case, and by both names in either order', async () => {
      expect((await search('СМИРН')).results.map((person) => person.id)).toEqual([ivan, irina]);
      expect((await search('рина')).results.map((person) => person.id)).toEqual([irina]);
      expect((await search('ирина смир')).results.map((person) => person.id)).toEqual([irina]);
      expect((await search('смирнова  ирина')).results.map((person) => person.id)).toEqual([irina]);
      expect((await search('  иван   смирнов-  ')).results.map((person) => person.id)).toEqual([ivan]);
    });

    it('finds by a part of the e-mail, whatever the case, and says who registered when and who confirmed', async () => {
      const found = await search('MAIL.EXAMPLE');
      expect(found.count).toBe(1);
      expect(found.results[0]).toEqual({
        id: ivan,
        firstName: 'Иван',
        lastName: 'Смирнов-Петров',
        email: 'ivan@mail.example',
        registeredAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        confirmed: false,
        isAuthor: false,
      });
      expect((await search('anna@')).results).toEqual([expect.objectContaining({ id: ids.users.anna, confirmed: true, isAuthor: true })]);
    });

    it('takes %, _ and \\ literally', async () => {
      expect((await search('50%')).results.map((person) => person.id)).toEqual([percent]);
      expect((await search('%')).results.map((person) => person.id)).toEqual([percent]);
      expect((await search('w_l')).results.map((person) => person.id)).toEqual([underscore]);
      expect((await search('_')).results.map((person) => person.id)).toEqual([underscore]);
      expect((await search('\\')).count).toBe(0);
      expect((await search("'; DROP TABLE users; --")).count).toBe(0);
    });

    it('lists everyone, newest first, in pages; bad input is a Russian 400', async () => {
      const everyone = await search('');
      expect(everyone.count).toBeGreaterThanOrEqual(7);
      expect(everyone.results[0]!.id).toBe(underscore);
      for (let index = 0; index < MUTABO_PAGE_SIZE + 1; index += 1) await addPerson({ email: `page-${index}@pages.example`, firstName: 'Страничный' });
      const first = await search('страничн');
      expect(first).toMatchObject({ count: MUTABO_PAGE_SIZE + 1, pages: 2, currentPage: 1 });
      expect(first.next).toBe(`/api/v1/mutabo/people/?search=${encodeURIComponent('страничн')}&page=2`);
      const second = await search('страничн', 2);
      expect(second.results).toHaveLength(1);
      expect(second.next).toBeNull();
      for (const query of ['?page=0', '?page=x', `?search=${'a'.repeat(300)}`, '?search=%00']) {
        const response = await call('GET', `${PEOPLE}${query}`, 'anna');
        expect(response.statusCode, query).toBe(400);
        expect(JSON.stringify(response.json())).toMatch(/[а-яё]/i);
      }
    });
  });

  describe('a person’s card', () => {
    it('shows the account, lessons, payments, subscriptions and every consent record with its version and address', async () => {
      const person = await addPerson({ email: 'card@example.org', firstName: 'Ольга', lastName: 'Карточкина' });
      await db().update(users).set({ yearOfBirth: 2001 }).where(eq(users.id, person));
      const [payment] = await db()
        .insert(payments)
        .values({ userId: person, system: 'yookassa', currency: 'CURRENCY_CHOICE_RUB', amount: '2400.00', state: 'STATE_COMPLETED', expiresAt: new Date(), paidAt: new Date('2030-01-02T10:00:00Z') })
        .returning({ id: payments.id });
      await db().insert(paymentLessons).values({ paymentId: payment!.id, lessonId: ids.lessons.free });
      await db().insert(participants).values([
        { userId: person, lessonId: ids.lessons.free, state: 'approved', paymentId: payment!.id },
        { userId: person, lessonId: ids.lessons.full, state: 'waiting_list' },
      ]);
      await db().insert(mailingSubscriptions).values({ userId: person, courseId: ids.courses.announced });
      await db().insert(consents).values([
        { userId: person, kind: 'processing', action: 'given', policyVersion: '2025-09-01', source: 'signup', ip: '203.0.113.7', userAgent: 'Браузер/1.0', createdAt: new Date('2030-01-01T09:00:00Z') },
        { userId: person, kind: 'news', courseId: ids.courses.announced, action: 'given', policyVersion: '2025-09-01', source: 'course-page', ip: '2001:db8::1', userAgent: null, createdAt: new Date('2030-01-01T09:05:00Z') },
        { userId: person, kind: 'news', courseId: ids.courses.open, action: 'withdrawn', policyVersion: '3', source: 'unsubscribe-link', ip: null, userAgent: 'Почта', createdAt: new Date('2030-01-03T12:00:00Z') },
      ]);

      const response = await call('GET', `${PEOPLE}${person}/`, 'boris');
      expect(response.statusCode, response.body).toBe(200);
      const card = response.json<MutaboPersonCard>();
      expect(card).toMatchObject({ id: person, firstName: 'Ольга', lastName: 'Карточкина', email: 'card@example.org', confirmed: true, isAuthor: false, yearOfBirth: 2001 });
      expect(card.lessons.map((lesson) => [lesson.lessonId, lesson.state])).toEqual([
        [ids.lessons.free, 'approved'],
        [ids.lessons.full, 'waiting_list'],
      ]);
      expect(card.lessons[0]).toMatchObject({ courseId: ids.courses.open, courseTitle: expect.any(String), lessonNumber: expect.any(Number) });
      expect(card.payments).toEqual([
        expect.objectContaining({
          id: payment!.id,
          system: 'yookassa',
          currency: 'CURRENCY_CHOICE_RUB',
          amount: '2400.00',
          state: 'STATE_COMPLETED',
          paidAt: '2030-01-02T10:00:00.000Z',
          lessons: [expect.objectContaining({ id: ids.lessons.free, courseTitle: card.lessons[0]!.courseTitle })],
        }),
      ]);
      expect(card.newsSubscriptions).toEqual([expect.objectContaining({ courseId: ids.courses.announced })]);
      expect(card.consents).toEqual([
        { kind: 'processing', action: 'given', courseId: null, courseTitle: null, policyVersion: '2025-09-01', source: 'signup', ip: '203.0.113.7', userAgent: 'Браузер/1.0', at: '2030-01-01T09:00:00.000Z' },
        expect.objectContaining({ kind: 'news', action: 'given', courseId: ids.courses.announced, source: 'course-page', ip: '2001:db8::1', userAgent: null }),
        expect.objectContaining({ kind: 'news', action: 'withdrawn', courseId: ids.courses.open, policyVersion: '3', source: 'unsubscribe-link', ip: null, userAgent: 'Почта' }),
      ]);
      // Reading a card is not a request about the data: nothing is recorded.
      expect(await db().select().from(auditLog).where(and(eq(auditLog.entity, 'person'), eq(auditLog.entityId, person)))).toEqual([]);
    });

    it('answers 404 with a Russian detail for an account that does not exist, and 400 for an id that is not one', async () => {
      for (const url of [`${PEOPLE}999999/`, `${PEOPLE}999999/export/`]) {
        const response = await call('GET', url, 'anna');
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ detail: peopleMessages.personNotFound });
      }
      for (const url of [`${PEOPLE}abc/`, `${PEOPLE}0/export/`, `${PEOPLE}1.5/`]) expect((await call('GET', url, 'anna')).statusCode).not.toBe(500);
    });
  });

  describe('the export on a written request', () => {
    it('is the person’s own export file, and the history says which author made it and when', async () => {
      const before = Date.now();
      const response = await call('GET', `${PEOPLE}${ids.users.pupil}/export/`, 'anna');
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.headers['content-disposition']).toMatch(/^attachment; filename="person-3-data-\d{4}-\d\d-\d\d\.json"$/);
      expect(response.headers['cache-control']).toBe('no-store');
      const own = await call('GET', '/api/v1/users/me/export/', 'pupil');
      expect(own.statusCode).toBe(200);
      const { exportedAt: _made, ...forAuthor } = response.json<Record<string, unknown>>();
      const { exportedAt: _own, ...forPerson } = own.json<Record<string, unknown>>();
      expect(forAuthor).toEqual(forPerson);
      expect(forAuthor.account).toMatchObject({ id: ids.users.pupil, email: 'pupil@example.org' });

      const records = await db().select().from(auditLog).where(and(eq(auditLog.entity, 'person'), eq(auditLog.entityId, ids.users.pupil)));
      expect(records).toEqual([expect.objectContaining({ userId: ids.users.anna, action: 'export', courseId: null })]);
      expect(records[0]!.at.getTime()).toBeGreaterThanOrEqual(before - 1000);
      // The record names the person by id only: a deleted person's name must not stay in the history.
      expect(JSON.stringify(records)).not.toMatch(/pupil@|Учеников|Пётр/);

      const history = await call('GET', `/api/v1/mutabo/history/?entity=person&id=${ids.users.pupil}`, 'boris');
      expect(history.statusCode, history.body).toBe(200);
      expect(history.json<HistoryPage>().results).toEqual([
        expect.objectContaining({ entity: 'person', entityId: ids.users.pupil, action: 'export', user: { id: ids.users.anna, name: 'Анна Петрова' } }),
      ]);
      const all = await call('GET', '/api/v1/mutabo/history/?entity=person', 'anna');
      expect(all.json<HistoryPage>().count).toBe(1);
    });
  });

  describe('the deletion on a written request', () => {
    const remove = (id: number, body: unknown = { writtenRequest: true }, who: 'anna' | 'boris' = 'anna') => call('DELETE', `${PEOPLE}${id}/`, who, body);

    it('asks for the author’s word that they hold the written request, and changes nothing without it', async () => {
      const person = await addPerson({ email: 'unsure@example.org', firstName: 'Нина', lastName: 'Сомневающаяся' });
      for (const body of ['no body', {}, { writtenRequest: false }, { writtenRequest: 'да' }]) {
        const response = body === 'no body' ? await call('DELETE', `${PEOPLE}${person}/`, 'anna') : await remove(person, body);
        expect(response.statusCode, JSON.stringify(body)).toBe(400);
        expect(response.json()).toEqual({ writtenRequest: [peopleMessages.writtenRequestRequired] });
      }
      const [row] = await db().select().from(users).where(eq(users.id, person));
      expect(row).toMatchObject({ email: 'unsure@example.org', deletedAt: null });
    });

    it('refuses an author’s account, the caller’s own or another author’s, with nothing touched', async () => {
      for (const [id, who] of [
        [ids.users.anna, 'anna'],
        [ids.users.boris, 'anna'],
        [ids.users.anna, 'boris'],
      ] as const) {
        const response = await remove(id, { writtenRequest: true }, who);
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual({ detail: peopleMessages.authorNotDeletable });
      }
      const authors = await db().select().from(users).where(eq(users.isAuthor, true));
      expect(authors.map((row) => [row.id, row.deletedAt])).toEqual([
        [ids.users.anna, null],
        [ids.users.boris, null],
      ]);
      const recorded = await db().select().from(auditLog).where(and(eq(auditLog.entity, 'person'), eq(auditLog.action, 'delete')));
      expect(recorded.filter((record) => record.entityId === ids.users.anna || record.entityId === ids.users.boris)).toEqual([]);
    });

    it('deletes the person as their own deletion does, records which author did it, and keeps the card of what the law keeps', async () => {
      const person = await addPerson({ email: 'leaving@example.org', firstName: 'Лидия', lastName: 'Уходящая' });
      const token = await kit.app.deps.tokens.sign(person, 'access');
      expect((await kit.app.inject({ method: 'GET', url: '/api/v1/users/me/', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(200);
      await db().insert(consents).values({ userId: person, kind: 'processing', action: 'given', policyVersion: '1', source: 'signup', ip: '203.0.113.9', userAgent: 'Браузер' });
      await db().insert(mailingSubscriptions).values({ userId: person, courseId: ids.courses.announced });

      const before = Date.now();
      const response = await remove(person);
      expect(response.statusCode, response.body).toBe(204);

      // Logged out everywhere: the old token is refused.
      expect((await kit.app.inject({ method: 'GET', url: '/api/v1/users/me/', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(401);
      const [row] = await db().select().from(users).where(eq(users.id, person));
      expect(row).toMatchObject({ email: '', firstName: '', lastName: '', isActive: false });
      expect(row!.deletedAt).not.toBeNull();

      const records = await db().select().from(auditLog).where(and(eq(auditLog.entity, 'person'), eq(auditLog.entityId, person)));
      expect(records).toEqual([expect.objectContaining({ userId: ids.users.anna, action: 'delete', courseId: null, after: expect.objectContaining({ writtenRequest: true, subscriptionsEnded: 1 }) })]);
      expect(records[0]!.at.getTime()).toBeGreaterThanOrEqual(before - 1000);
      expect(JSON.stringify(records)).not.toMatch(/leaving@|Лидия|Уходящая/);
      const history = (await call('GET', `/api/v1/mutabo/history/?entity=person&id=${person}`, 'boris')).json<HistoryPage>();
      expect(history.results).toEqual([expect.objectContaining({ action: 'delete', user: { id: ids.users.anna, name: 'Анна Петрова' } })]);

      // The card stays, without names or address, with the consent records and their withdrawal by the deletion.
      const card = (await call('GET', `${PEOPLE}${person}/`, 'anna')).json<MutaboPersonCard>();
      expect(card).toMatchObject({ id: person, email: '', firstName: '', lastName: '', deletedAt: expect.any(String), newsSubscriptions: [] });
      expect(card.consents.map((consent) => [consent.kind, consent.action, consent.source])).toEqual([
        ['processing', 'given', 'signup'],
        ['news', 'withdrawn', 'account-deletion'],
        ['processing', 'withdrawn', 'account-deletion'],
      ]);
      // Nobody finds it in the list; there is nothing to export or delete any more.
      expect((await search('')).results.map((listed) => listed.id)).not.toContain(person);
      for (const again of [await call('GET', `${PEOPLE}${person}/export/`, 'anna'), await remove(person)]) {
        expect(again.statusCode).toBe(404);
        expect(again.json()).toEqual({ detail: peopleMessages.personDeleted });
      }
      expect(await db().select().from(auditLog).where(and(eq(auditLog.entity, 'person'), eq(auditLog.entityId, person)))).toHaveLength(1);
    });

    it('answers 404 for an account that does not exist', async () => {
      const response = await remove(999999);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: peopleMessages.personNotFound });
    });
  });
});
