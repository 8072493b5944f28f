// Issue 35, homework, the participant's side (docs/HOMEWORK.md): who sees an assignment (an approved participant, from
// the lesson's start, at once in a course «в записи»), the thread and what comes next, a new answer and its changes by
// multipart with every refusal (409 open or accepted, 400 empty, too long, too many or too large files, content that
// is none of the kinds, a zip bomb), where nothing refused is kept (no row, no stored file); two sends at once; the
// files at their signed addresses; the badge on the course page and in «Мои курсы»; the «стоп-занятие» of the next
// recording; the export and the account's deletion.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOMEWORK_TEXT_MAX, homeworkMessages as hm, homeworkText, type HomeworkAnswer, type LessonHomework } from '../../common/homework.ts';
import type { CourseDetails, Participation } from '../../common/wireTypes.ts';
import { homeworkAnswers, homeworkFiles, lessons, participants } from '../src/db/schema.ts';
import { deleteAccount } from '../src/services/accounts/deletion.ts';
import { exportPersonalData } from '../src/services/accounts/personalData.ts';
import { createCourse, createUser, fixtureAuthor, json, startEnrollmentApp, type EnrollmentApp, type TestUser } from './enrollmentKit.ts';
import {
  answersUrl,
  answerUrl,
  approve,
  ASSIGNMENT,
  courseWithAssignment,
  docxFile,
  homeworkUrl,
  jpegWithGps,
  pdfFile,
  send,
  setFormat,
  storedFiles,
  zipBombDocx,
} from './homeworkKit.ts';
import { putReadyRecording, recordingUrl } from './recordingWatchingKit.ts';
import { dbModes } from './testDb.ts';

const HOUR = 3_600_000;

describe.each(dbModes())('homework answers (%s)', (mode) => {
  let context: EnrollmentApp;
  let dataDir: string;
  let anna: TestUser;
  const app = () => context.app;
  const db = () => context.db;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'webinar-courses-homework-'));
    context = await startEnrollmentApp(mode, { DATA_DIR: dataDir });
    anna = await fixtureAuthor(context);
  });

  afterAll(async () => {
    await context?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** A course with an assignment on its first lesson and a participant approved for it. */
  const setUp = async (spec: Parameters<typeof courseWithAssignment>[1] = {}) => {
    const course = await courseWithAssignment(db(), spec);
    const pupil = await createUser(context, 'hw');
    await approve(db(), pupil.id, course.lessonId);
    return { ...course, pupil };
  };

  const get = (user: TestUser | null, lessonId: number) => json(app(), 'GET', homeworkUrl(lessonId), user);
  const homework = async (user: TestUser, lessonId: number) => {
    const answer = await get(user, lessonId);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<LessonHomework>();
  };
  const answerRows = (lessonId: number) => db().select().from(homeworkAnswers).where(eq(homeworkAnswers.lessonId, lessonId));
  const fileRows = async () => db().select().from(homeworkFiles);

  describe('who sees an assignment', () => {
    it('an approved participant once the lesson began: the assignment, the course’s zone, no answers, next «new»', async () => {
      const { lessonId, id: courseId, pupil } = await setUp();
      const due = new Date(Date.now() + 48 * HOUR);
      await db().update(lessons).set({ assignmentDueAt: due, assignmentRequired: true }).where(eq(lessons.id, lessonId));
      const answer = await get(pupil, lessonId);
      expect(answer.headers['cache-control']).toBe('no-store');
      expect(answer.json()).toEqual({ lessonId, courseId, lesson: expect.any(Object), courseTitle: expect.any(String), assignment: ASSIGNMENT, dueAt: due.toISOString(), required: true, timeZone: 'Europe/Moscow', answers: [], next: 'new' });
    });

    it('refuses a guest (401), a lesson that is missing or a draft (404), a lesson without an assignment (404)', async () => {
      const { lessonId, pupil, id: courseId } = await setUp({ draftLessons: 1 });
      expect((await get(null, lessonId)).statusCode).toBe(401);
      const expectDetail = async (lesson: number, status: number, detail: string) => {
        const answer = await get(pupil, lesson);
        expect(answer.statusCode, answer.body).toBe(status);
        expect(answer.json()).toEqual({ detail });
      };
      await expectDetail(99_999_999, 404, hm.lessonNotFound);
      const draft = (await db().select().from(lessons).where(eq(lessons.courseId, courseId))).find((row) => row.state === 'draft')!;
      await db().update(lessons).set({ assignment: ASSIGNMENT, startsAt: new Date(Date.now() - HOUR) }).where(eq(lessons.id, draft.id));
      await approve(db(), pupil.id, draft.id);
      await expectDetail(draft.id, 404, hm.lessonNotFound);
      const draftCourse = await setUp({ state: 'draft' });
      expect((await get(draftCourse.pupil, draftCourse.lessonId)).json()).toEqual({ detail: hm.lessonNotFound });
      const plain = await createCourse(db());
      await approve(db(), pupil.id, plain.lessonIds[0]!);
      await expectDetail(plain.lessonIds[0]!, 404, hm.noAssignment);
    });

    it('refuses someone without an approved place (403 notParticipant), and before the start (403 notYetOpen)', async () => {
      const { lessonId, pupil } = await setUp();
      const stranger = await createUser(context, 'stranger');
      expect((await get(stranger, lessonId)).json()).toEqual({ detail: hm.notParticipant });
      const reserved = await createUser(context, 'reserved');
      await db().insert(participants).values({ userId: reserved.id, lessonId, state: 'reserved', expiredAt: new Date(Date.now() + HOUR) });
      const refused = await get(reserved, lessonId);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ detail: hm.notParticipant });
      // Even the course's author has no thread of their own.
      expect((await get(anna, lessonId)).json()).toEqual({ detail: hm.notParticipant });

      await db().update(lessons).set({ startsAt: new Date(Date.now() + HOUR) }).where(eq(lessons.id, lessonId));
      const early = await get(pupil, lessonId);
      expect(early.statusCode).toBe(403);
      expect(early.json()).toEqual({ detail: hm.notYetOpen });
      await db().update(lessons).set({ startsAt: null }).where(eq(lessons.id, lessonId));
      expect((await get(pupil, lessonId)).json()).toEqual({ detail: hm.notYetOpen });
      // A lesson without a time opens when an author marks it held.
      await db().update(lessons).set({ heldAt: new Date() }).where(eq(lessons.id, lessonId));
      expect((await get(pupil, lessonId)).statusCode).toBe(200);
    });

    it('opens at once in a course «в записи», whatever the lesson’s time', async () => {
      const { lessonId, id, pupil } = await setUp();
      await db().update(lessons).set({ startsAt: new Date(Date.now() + 24 * HOUR) }).where(eq(lessons.id, lessonId));
      expect((await get(pupil, lessonId)).statusCode).toBe(403);
      await setFormat(db(), id, 'recorded');
      expect((await get(pupil, lessonId)).statusCode).toBe(200);
    });
  });

  describe('a new answer', () => {
    it('sends text at once by default; the thread shows it and next is «edit»; a second is 409 alreadyOpen', async () => {
      const { lessonId, pupil } = await setUp();
      const answer = await send(app(), 'POST', answersUrl(lessonId), pupil, { text: 'Мой ответ на задание.' });
      expect(answer.statusCode, answer.body).toBe(201);
      const body = answer.json<HomeworkAnswer>();
      expect(body).toMatchObject({ text: 'Мой ответ на задание.', files: [], state: 'submitted', comment: '', decidedAt: null, seen: false, late: false });
      expect(Date.parse(body.submittedAt!)).toBeGreaterThan(Date.now() - 60_000);
      const thread = await homework(pupil, lessonId);
      expect(thread.answers).toEqual([body]);
      expect(thread.next).toBe('edit');
      // The page's title names the lesson and its course.
      const [named] = await db().select({ number: lessons.number, title: lessons.title }).from(lessons).where(eq(lessons.id, lessonId));
      expect(thread.lesson).toEqual({ number: named!.number, title: named!.title });
      expect(thread.courseTitle).toEqual(expect.any(String));
      expect(thread.courseTitle).not.toBe('');
      const again = await send(app(), 'POST', answersUrl(lessonId), pupil, { text: 'Ещё один' });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ detail: hm.alreadyOpen });
      expect(await answerRows(lessonId)).toHaveLength(1);
    });

    it('keeps a draft with submit=false (even an empty one), not sent and never late', async () => {
      const { lessonId, pupil } = await setUp();
      await db().update(lessons).set({ assignmentDueAt: new Date(Date.now() - HOUR) }).where(eq(lessons.id, lessonId));
      const answer = await send(app(), 'POST', answersUrl(lessonId), pupil, { text: '', submit: 'false' });
      expect(answer.statusCode, answer.body).toBe(201);
      expect(answer.json()).toMatchObject({ state: 'draft', submittedAt: null, late: false, text: '' });
      // Sent after the due time: late.
      const sent = await send(app(), 'PATCH', answerUrl(answer.json<HomeworkAnswer>().id), pupil, { text: 'Готово', submit: 'true' });
      expect(sent.statusCode, sent.body).toBe(200);
      expect(sent.json()).toMatchObject({ state: 'submitted', late: true, text: 'Готово' });
    });

    it('refuses an empty sent answer, a text too long and a bad submit with 400, keeping nothing', async () => {
      const { lessonId, pupil } = await setUp();
      const empty = await send(app(), 'POST', answersUrl(lessonId), pupil, { text: '   ' });
      expect(empty.statusCode).toBe(400);
      expect(empty.json()).toEqual({ text: [hm.emptyAnswer] });
      const long = await send(app(), 'POST', answersUrl(lessonId), pupil, { text: 'я'.repeat(HOMEWORK_TEXT_MAX + 1) });
      expect(long.statusCode).toBe(400);
      expect(long.json()).toEqual({ text: [hm.textTooLong] });
      expect((await send(app(), 'POST', answersUrl(lessonId), pupil, { text: 'я'.repeat(HOMEWORK_TEXT_MAX) })).statusCode).toBe(201);
      const other = await setUp();
      const bad = await send(app(), 'POST', answersUrl(other.lessonId), other.pupil, { text: 'x', submit: 'maybe' });
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json())).toEqual(['submit']);
      const notMultipart = await json(app(), 'POST', answersUrl(other.lessonId), other.pupil, { text: 'x' });
      expect(notMultipart.statusCode).toBe(400);
      expect(await answerRows(other.lessonId)).toHaveLength(0);
    });

    it('stores files by content under homework/<answer>/, re-encodes a photo without GPS, and serves them to the person', async () => {
      const { lessonId, pupil } = await setUp();
      const photo = await jpegWithGps();
      const answer = await send(app(), 'POST', answersUrl(lessonId), pupil, { text: '' }, [
        { name: '../ответ.PDF', data: pdfFile() },
        { name: 'photo.png', data: photo },
        { name: 'работа.docx', data: docxFile() },
      ]);
      expect(answer.statusCode, answer.body).toBe(201);
      const body = answer.json<HomeworkAnswer>();
      expect(body.files.map((file) => [file.name, file.kind])).toEqual([
        ['ответ.PDF', 'pdf'],
        ['photo.png', 'jpeg'],
        ['работа.docx', 'docx'],
      ]);
      const rows = await fileRows();
      for (const file of body.files) {
        const row = rows.find((one) => one.id === file.id)!;
        expect(row.storageKey).toMatch(new RegExp(`^homework/${body.id}/[0-9a-f]{32}\\.(pdf|jpg|docx)$`));
        expect(file.url).toMatch(new RegExp(`^/media/homework/${file.id}\\?u=${pupil.id}&e=\\d+&s=`));
      }
      expect(storedFiles(dataDir).filter((file) => file.startsWith(`${body.id}/`))).toHaveLength(3);

      const pdf = await app().inject({ url: body.files[0]!.url });
      expect(pdf.statusCode).toBe(200);
      expect(pdf.rawPayload.equals(pdfFile())).toBe(true);
      expect(pdf.headers).toMatchObject({ 'content-type': 'application/pdf', 'x-content-type-options': 'nosniff' });
      expect(pdf.headers['content-disposition']).toBe(`inline; filename="_____.PDF"; filename*=UTF-8''${encodeURIComponent('ответ.PDF')}`);
      expect(String(pdf.headers['cache-control'])).toMatch(/^private, max-age=\d+$/);
      expect(pdf.headers['content-security-policy']).toContain("default-src 'none'");
      const image = await app().inject({ url: body.files[1]!.url });
      expect(image.headers['content-type']).toBe('image/jpeg');
      expect(image.headers['content-security-policy']).toContain('sandbox');
      const metadata = await sharp(image.rawPayload).metadata();
      expect(metadata.exif).toBeUndefined();
      expect(body.files[1]!.size).toBe(image.rawPayload.length);
      const docx = await app().inject({ url: body.files[2]!.url });
      expect(docx.headers['content-disposition']).toMatch(/^attachment; /);
      expect(docx.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    });

    it('refuses 6 files, a 25 MB file, a file of no kind and a zip bomb with 400 under files, keeping no row and no file', async () => {
      const { lessonId, pupil } = await setUp();
      const storedBefore = storedFiles(dataDir);
      const filesBefore = (await fileRows()).length;
      const six = await send(
        app(),
        'POST',
        answersUrl(lessonId),
        pupil,
        { text: 'x' },
        Array.from({ length: 6 }, (_, index) => ({ name: `${index}.pdf`, data: pdfFile() })),
      );
      expect(six.statusCode, six.body).toBe(400);
      expect(six.json()).toEqual({ files: [hm.tooManyFiles] });
      const large = await send(app(), 'POST', answersUrl(lessonId), pupil, { text: 'x' }, [
        { name: 'ok.pdf', data: pdfFile() },
        { name: 'big.pdf', data: Buffer.concat([pdfFile(), Buffer.alloc(25 * 1024 * 1024, 32)]) },
      ]);
      expect(large.statusCode, large.body).toBe(400);
      expect(large.json()).toEqual({ files: [homeworkText(hm.fileTooLarge, { name: 'big.pdf' })] });
      const kinds = await send(app(), 'POST', answersUrl(lessonId), pupil, { text: 'x' }, [
        { name: 'good.pdf', data: pdfFile() },
        { name: 'virus.pdf', data: Buffer.from('MZ\x90\x00\x03', 'latin1') },
      ]);
      expect(kinds.statusCode).toBe(400);
      expect(kinds.json()).toEqual({ files: [homeworkText(hm.fileKind, { name: 'virus.pdf' })] });
      const bomb = await send(app(), 'POST', answersUrl(lessonId), pupil, { text: 'x' }, [{ name: 'bomb.docx', data: zipBombDocx() }]);
      expect(bomb.statusCode).toBe(400);
      expect(bomb.json()).toEqual({ files: [homeworkText(hm.fileBroken, { name: 'bomb.docx' })] });
      expect(await answerRows(lessonId)).toHaveLength(0);
      expect((await fileRows()).length).toBe(filesBefore);
      expect(storedFiles(dataDir)).toEqual(storedBefore);
      // Nor is anything left of the parts as they came.
      expect(readdirSync(path.join(dataDir, 'homework-incoming'))).toEqual([]);
    });

    it('gives one 201 and one 409 to two sends at once, and keeps only the first one’s files', async () => {
      const { lessonId, pupil } = await setUp();
      const storedBefore = storedFiles(dataDir);
      const both = await Promise.all([0, 1].map((index) => send(app(), 'POST', answersUrl(lessonId), pupil, { text: `Ответ ${index}` }, [{ name: `${index}.pdf`, data: pdfFile() }])));
      expect(both.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
      expect(both.find((answer) => answer.statusCode === 409)!.json()).toEqual({ detail: hm.alreadyOpen });
      const created = both.find((answer) => answer.statusCode === 201)!.json<HomeworkAnswer>();
      expect(await answerRows(lessonId)).toHaveLength(1);
      const added = storedFiles(dataDir).filter((file) => !storedBefore.includes(file));
      expect(added).toHaveLength(1);
      expect(added[0]!.startsWith(`${created.id}/`)).toBe(true);
    });
  });

  describe('changing an answer', () => {
    it('replaces the text, adds and removes files (removed ones leave the storage), and sends a draft', async () => {
      const { lessonId, pupil } = await setUp();
      const draft = (await send(app(), 'POST', answersUrl(lessonId), pupil, { text: 'Черновик', submit: 'false' }, [{ name: 'a.pdf', data: pdfFile() }])).json<HomeworkAnswer>();
      const firstKey = storedFiles(dataDir).find((file) => file.startsWith(`${draft.id}/`))!;
      const changed = await send(app(), 'PATCH', answerUrl(draft.id), pupil, { text: 'Готовый ответ', removeFiles: [String(draft.files[0]!.id)] }, [{ name: 'b.docx', data: docxFile() }]);
      expect(changed.statusCode, changed.body).toBe(200);
      const body = changed.json<HomeworkAnswer>();
      expect(body).toMatchObject({ text: 'Готовый ответ', state: 'draft' });
      expect(body.files.map((file) => file.name)).toEqual(['b.docx']);
      expect(storedFiles(dataDir)).not.toContain(firstKey);
      expect(storedFiles(dataDir).filter((file) => file.startsWith(`${draft.id}/`))).toHaveLength(1);
      expect((await homework(pupil, lessonId)).next).toBe('edit');

      const sent = await send(app(), 'PATCH', answerUrl(draft.id), pupil, { submit: 'true' });
      expect(sent.json()).toMatchObject({ state: 'submitted', text: 'Готовый ответ' });
      // Sent and not yet opened: still editable.
      expect((await send(app(), 'PATCH', answerUrl(draft.id), pupil, { text: 'Поправил' })).json()).toMatchObject({ text: 'Поправил', state: 'submitted' });
    });

    it('refuses another person’s answer (404), a seen one (409 seen), a decided one (409 decided), and too many files', async () => {
      const { lessonId, pupil } = await setUp();
      const created = (await send(app(), 'POST', answersUrl(lessonId), pupil, { text: 'Ответ' }, [{ name: 'a.pdf', data: pdfFile() }])).json<HomeworkAnswer>();
      const stranger = await createUser(context, 'stranger');
      const foreign = await send(app(), 'PATCH', answerUrl(created.id), stranger, { text: 'Чужой' });
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json()).toEqual({ detail: hm.answerNotFound });
      expect((await send(app(), 'PATCH', answerUrl(99_999_999), pupil, { text: 'x' })).statusCode).toBe(404);
      expect((await send(app(), 'PATCH', answerUrl(created.id), null, { text: 'x' })).statusCode).toBe(401);

      const storedBefore = storedFiles(dataDir);
      const tooMany = await send(
        app(),
        'PATCH',
        answerUrl(created.id),
        pupil,
        {},
        Array.from({ length: 5 }, (_, index) => ({ name: `${index}.pdf`, data: pdfFile() })),
      );
      expect(tooMany.statusCode).toBe(400);
      expect(tooMany.json()).toEqual({ files: [hm.tooManyFiles] });
      const notMine = await send(app(), 'PATCH', answerUrl(created.id), pupil, { removeFiles: ['99999999'] });
      expect(notMine.statusCode).toBe(400);
      expect(storedFiles(dataDir)).toEqual(storedBefore);

      await db().update(homeworkAnswers).set({ seenAt: new Date() }).where(eq(homeworkAnswers.id, created.id));
      const seen = await send(app(), 'PATCH', answerUrl(created.id), pupil, { text: 'Поздно' });
      expect(seen.statusCode).toBe(409);
      expect(seen.json()).toEqual({ detail: hm.seen });
      expect((await homework(pupil, lessonId)).next).toBe('wait');
      await db().update(homeworkAnswers).set({ state: 'returned', decidedAt: new Date(), comment: 'Доработайте вывод.' }).where(eq(homeworkAnswers.id, created.id));
      expect((await send(app(), 'PATCH', answerUrl(created.id), pupil, { text: 'Поздно' })).json()).toEqual({ detail: hm.decided });
      expect((await homework(pupil, lessonId)).next).toBe('new');
      expect(storedFiles(dataDir)).toEqual(storedBefore);
    });

    it('after a return takes a new answer (the thread oldest first, a draft last); after acceptance none (409 alreadyAccepted)', async () => {
      const { lessonId, pupil } = await setUp();
      const first = (await send(app(), 'POST', answersUrl(lessonId), pupil, { text: 'Первый' })).json<HomeworkAnswer>();
      await db().update(homeworkAnswers).set({ state: 'returned', decidedAt: new Date(), seenAt: new Date(), comment: 'Ещё раз' }).where(eq(homeworkAnswers.id, first.id));
      const second = await send(app(), 'POST', answersUrl(lessonId), pupil, { text: 'Второй', submit: 'false' });
      expect(second.statusCode).toBe(201);
      const thread = await homework(pupil, lessonId);
      expect(thread.answers.map((answer) => [answer.text, answer.state, answer.comment])).toEqual([
        ['Первый', 'returned', 'Ещё раз'],
        ['Второй', 'draft', ''],
      ]);
      await send(app(), 'PATCH', answerUrl(second.json<HomeworkAnswer>().id), pupil, { submit: 'true' });
      await db().update(homeworkAnswers).set({ state: 'accepted', decidedAt: new Date(), seenAt: new Date() }).where(eq(homeworkAnswers.id, second.json<HomeworkAnswer>().id));
      expect((await homework(pupil, lessonId)).next).toBe('done');
      const third = await send(app(), 'POST', answersUrl(lessonId), pupil, { text: 'Третий' });
      expect(third.statusCode).toBe(409);
      expect(third.json()).toEqual({ detail: hm.alreadyAccepted });
    });
  });

  describe('the badge', () => {
    it('shows on the course page and in «Мои курсы» for the open assignment only, following the answer', async () => {
      const course = await setUp({ lessons: 3 });
      const { pupil, lessonId } = course;
      const second = course.lessonIds[1]!;
      const third = course.lessonIds[2]!;
      await approve(db(), pupil.id, second);
      // The second lesson's assignment opens tomorrow; the third has none.
      await db().update(lessons).set({ assignment: ASSIGNMENT, startsAt: new Date(Date.now() + 24 * HOUR) }).where(eq(lessons.id, second));
      await approve(db(), pupil.id, third);
      app().deps.publicCache.invalidate();

      const badges = async () => {
        const page = (await json(app(), 'GET', `/api/v1/courses/${course.id}/`, pupil)).json<CourseDetails>();
        const mine = (await json(app(), 'GET', '/api/v1/participants/', pupil)).json<Participation[] | { results: Participation[] }>();
        const rows = Array.isArray(mine) ? mine : mine.results;
        const listed = rows.find((row) => row.course.id === course.id)!;
        return {
          page: Object.fromEntries(page.lessons.map((lesson) => [lesson.id, lesson.homework ?? null])),
          mine: Object.fromEntries(listed.lessons.map((lesson) => [lesson.id, lesson.homework ?? null])),
        };
      };
      const before = await badges();
      const expected = { [lessonId]: { state: null, dueAt: null, required: false }, [second]: null, [third]: null };
      expect(before.page).toEqual(expected);
      expect(before.mine).toEqual(expected);
      await send(app(), 'POST', answersUrl(lessonId), pupil, { text: 'Ответ' });
      const after = await badges();
      expect(after.page[lessonId]).toEqual({ state: 'submitted', dueAt: null, required: false });
      expect(after.mine[lessonId]).toEqual({ state: 'submitted', dueAt: null, required: false });
      // Nobody else gets one.
      const stranger = await createUser(context, 'stranger');
      const page = (await json(app(), 'GET', `/api/v1/courses/${course.id}/`, stranger)).json<CourseDetails>();
      expect(page.lessons.every((lesson) => lesson.homework === undefined)).toBe(true);
    });
  });

  describe('«стоп-занятие»', () => {
    it('holds the next lesson’s recording back until an answer to the required assignment is sent; authors unaffected', async () => {
      const course = await setUp({ lessons: 2 });
      const { pupil, lessonId } = course;
      const next = course.lessonIds[1]!;
      await approve(db(), pupil.id, next);
      await putReadyRecording(app(), db(), next);
      await db().update(lessons).set({ assignmentRequired: true }).where(eq(lessons.id, lessonId));
      const watch = (user: TestUser) => json(app(), 'GET', recordingUrl(next), user);
      const held = await watch(pupil);
      expect(held.statusCode).toBe(403);
      expect(held.json()).toEqual({ detail: homeworkText(hm.stopLesson, { number: 1 }) });
      expect((await watch(anna)).statusCode).toBe(200);
      // A draft is not an answer sent.
      const draft = (await send(app(), 'POST', answersUrl(lessonId), pupil, { text: 'Пишу', submit: 'false' })).json<HomeworkAnswer>();
      expect((await watch(pupil)).statusCode).toBe(403);
      await send(app(), 'PATCH', answerUrl(draft.id), pupil, { submit: 'true' });
      expect((await watch(pupil)).statusCode).toBe(200);
      // Not required: nothing held.
      const free = await setUp({ lessons: 2 });
      await approve(db(), free.pupil.id, free.lessonIds[1]!);
      await putReadyRecording(app(), db(), free.lessonIds[1]!);
      expect((await json(app(), 'GET', recordingUrl(free.lessonIds[1]!), free.pupil)).statusCode).toBe(200);
    });
  });

  describe('the person’s data', () => {
    it('exports the answers with their lesson, course, comment and files; deletion removes answers and their files', async () => {
      const { lessonId, pupil, title } = await setUp();
      const created = (await send(app(), 'POST', answersUrl(lessonId), pupil, { text: 'Ответ для выгрузки' }, [{ name: 'работа.pdf', data: pdfFile() }])).json<HomeworkAnswer>();
      await db().update(homeworkAnswers).set({ comment: 'Хорошо' }).where(eq(homeworkAnswers.id, created.id));
      const data = await exportPersonalData(db(), pupil.id);
      expect(data!.homeworkAnswers).toEqual([
        expect.objectContaining({
          courseTitle: title,
          lessonNumber: 1,
          lessonTitle: 'Занятие 1',
          text: 'Ответ для выгрузки',
          state: 'Отправлено',
          comment: 'Хорошо',
          submittedAt: created.submittedAt,
          decidedAt: null,
          files: [{ name: 'работа.pdf', size: pdfFile().length }],
        }),
      ]);
      const url = created.files[0]!.url;
      expect(storedFiles(dataDir).some((file) => file.startsWith(`${created.id}/`))).toBe(true);
      expect(await deleteAccount(app().deps, pupil.id, { by: { kind: 'self' } })).toMatchObject({ status: 'deleted' });
      expect(await answerRows(lessonId)).toHaveLength(0);
      expect(storedFiles(dataDir).some((file) => file.startsWith(`${created.id}/`))).toBe(false);
      const gone = await app().inject({ url });
      expect(gone.statusCode).toBe(404);
      expect(gone.json()).toEqual({ detail: hm.fileMissing });
    });
  });
});
