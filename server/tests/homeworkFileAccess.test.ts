// Issue 35, homework files at their signed addresses (docs/HOMEWORK.md, «Files»), as a property over a small world:
// two courses, each with its authors, participants of one or both and an outsider. For any viewer and any file, an
// address signed for them opens the file exactly when the viewer is the answer's person or an author of its course
// (an author never sees a draft's files); a forged, expired or another file's address never opens anything.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { homeworkMessages as hm, type HomeworkAnswer } from '../../common/homework.ts';
import { courseAuthors } from '../src/db/schema.ts';
import { signHomeworkFileAddress } from '../src/services/homework/fileAddress.ts';
import { createAuthorUser, createUser, fixtureAuthor, startEnrollmentApp, type EnrollmentApp, type TestUser } from './enrollmentKit.ts';
import { TEST_JWT_SECRET } from './fixtures.ts';
import { answersUrl, approve, courseWithAssignment, pdfFile, send } from './homeworkKit.ts';
import { dbModes } from './testDb.ts';

interface WorldFile {
  id: number;
  owner: number;
  courseAuthors: number[];
  draft: boolean;
  bytes: Buffer;
}

describe.each(dbModes())('homework file access (%s)', (mode) => {
  let context: EnrollmentApp;
  let dataDir: string;
  const viewers: TestUser[] = [];
  const files: WorldFile[] = [];

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'webinar-courses-homework-access-'));
    context = await startEnrollmentApp(mode, { DATA_DIR: dataDir });
    const { db, app } = context;
    const anna = await fixtureAuthor(context);
    const vera = await createAuthorUser(context);
    const first = await courseWithAssignment(db, { authors: [1] });
    const second = await courseWithAssignment(db, { authors: [vera.authorId] });
    const [onlyFirst, onlySecond, both, outsider] = await Promise.all([createUser(context, 'one'), createUser(context, 'two'), createUser(context, 'both'), createUser(context, 'out')]);
    viewers.push(anna, vera, onlyFirst!, onlySecond!, both!, outsider!);
    const authorsOf = { [first.lessonId]: [anna.id], [second.lessonId]: [vera.id] };
    expect((await db.select().from(courseAuthors)).some((row) => row.courseId === second.id && row.authorId === 1)).toBe(false);

    const answer = async (user: TestUser, lessonId: number, submit: boolean, count: number) => {
      await approve(db, user.id, lessonId);
      const made = Array.from({ length: count }, (_, index) => ({ name: `${user.id}-${index}.pdf`, data: Buffer.concat([pdfFile(), Buffer.from(`% ${user.id} ${lessonId} ${index}\n`)]) }));
      const response = await send(app, 'POST', answersUrl(lessonId), user, { text: 'Ответ', submit: String(submit) }, made);
      expect(response.statusCode, response.body).toBe(201);
      const body = response.json<HomeworkAnswer>();
      body.files.forEach((file, index) => files.push({ id: file.id, owner: user.id, courseAuthors: authorsOf[lessonId]!, draft: !submit, bytes: made[index]!.data }));
    };
    await answer(onlyFirst!, first.lessonId, true, 2);
    await answer(onlySecond!, second.lessonId, true, 1);
    await answer(both!, first.lessonId, true, 1);
    await answer(both!, second.lessonId, false, 1);
  });

  afterAll(async () => {
    await context?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const fetch = (url: string) => context.app.inject({ url });
  const mayView = (viewer: TestUser, file: WorldFile) => viewer.id === file.owner || (file.courseAuthors.includes(viewer.id) && !file.draft);

  it('opens a file for its person and its course’s authors only, and never at a forged, expired or another file’s address', async () => {
    const viewer = fc.constantFrom(...viewers);
    const file = fc.constantFrom(...files);
    // Half the runs take the address as signed; the rest tamper with it one way or another.
    const tamper = fc.oneof({ arbitrary: fc.constant('none'), weight: 5 }, { arbitrary: fc.constantFrom('signature', 'expired', 'otherFile', 'otherViewer', 'otherSecret'), weight: 5 });
    await fc.assert(
      fc.asyncProperty(viewer, file, tamper, file, viewer, async (who, target, how, other, otherViewer) => {
        const now = new Date();
        let url = signHomeworkFileAddress(TEST_JWT_SECRET, { viewerId: who.id, fileId: target.id }, now);
        let shouldOpen = mayView(who, target);
        if (how === 'signature') {
          const signature = new URL(url, 'http://x').searchParams.get('s')!;
          url = url.replace(`s=${signature}`, `s=${signature.slice(0, -3)}${signature.endsWith('AAA') ? 'BBB' : 'AAA'}`);
          shouldOpen = false;
        } else if (how === 'expired') {
          url = signHomeworkFileAddress(TEST_JWT_SECRET, { viewerId: who.id, fileId: target.id }, new Date(now.getTime() - 11 * 60_000));
          shouldOpen = false;
        } else if (how === 'otherFile' && other.id !== target.id) {
          url = url.replace(`/media/homework/${target.id}?`, `/media/homework/${other.id}?`);
          shouldOpen = false;
        } else if (how === 'otherViewer' && otherViewer.id !== who.id) {
          url = url.replace(`u=${who.id}&`, `u=${otherViewer.id}&`);
          shouldOpen = false;
        } else if (how === 'otherSecret') {
          // Signed with a secret that is not the site's.
          url = signHomeworkFileAddress('another-secret-another-secret-0123456789', { viewerId: who.id, fileId: target.id }, now);
          shouldOpen = false;
        }
        const response = await fetch(url);
        if (shouldOpen) {
          expect(response.statusCode, `${how} ${who.id} ${target.id}`).toBe(200);
          expect(response.rawPayload.equals(target.bytes)).toBe(true);
        } else {
          expect(response.statusCode, `${how} ${who.id} ${target.id}`).toBe(403);
          expect(response.json()).toEqual({ detail: hm.fileRefused });
          expect(response.headers['cache-control']).toBe('no-store');
        }
      }),
      { numRuns: 300 },
    );
  });

  it('holds for every viewer and file of the world, each pair once', async () => {
    let opened = 0;
    for (const who of viewers) {
      for (const target of files) {
        const response = await fetch(signHomeworkFileAddress(TEST_JWT_SECRET, { viewerId: who.id, fileId: target.id }, new Date()));
        expect(response.statusCode, `${who.id} ${target.id}`).toBe(mayView(who, target) ? 200 : 403);
        if (response.statusCode === 200) opened += 1;
      }
    }
    // 5 files: each its person's (5), Anna the first course's 3 sent ones, Vera none of the second's draft but its sent one.
    expect(opened).toBe(5 + 3 + 1);
  });

  it('answers 404 for a file that is gone, and 403 for an address missing its parts', async () => {
    const [who] = viewers;
    const missing = await fetch(signHomeworkFileAddress(TEST_JWT_SECRET, { viewerId: who!.id, fileId: 99_999_999 }, new Date()));
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: hm.fileMissing });
    const target = files[0]!;
    for (const bad of [`/media/homework/${target.id}`, `/media/homework/${target.id}?u=${target.owner}`, `/media/homework/abc?u=1&e=1&s=x`, `/media/homework/${target.id}?u=${target.owner}&u=2&e=1&s=x`]) {
      const response = await fetch(bad);
      expect(response.statusCode, bad).toBe(403);
    }
  });
});
