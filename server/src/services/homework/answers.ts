// A participant's answers to a lesson's assignment (issue 35, docs/HOMEWORK.md, «Answers»):
// - GET /api/v1/lessons/{id}/homework/: the assignment and the person's thread, and what they may do next;
// - POST …/homework/answers/: a new answer (a draft, or sent at once), while no other is open and none was accepted;
// - PATCH /api/v1/homework/answers/{id}/: the text replaced, files added or removed, a draft sent; only the person's
//   own answer, only while it is a draft or sent and not yet opened by an author.
// Files are checked first (answerFiles.ts), their bytes stored in the recordings' storage under
// homework/<answerId>/<random>.<ext>, then the rows written in one transaction; whatever fails or is refused leaves
// nothing behind (no row, no stored file). One open answer per lesson and person is the database's own rule
// (homework_answers_one_open): two sends at once give one answer and one 409.
import { randomBytes } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { HOMEWORK_FILES_MAX, HOMEWORK_TEXT_MAX, homeworkMessages as hm, type HomeworkAnswer, type LessonHomework } from '../../../../common/homework.ts';
import type { Db } from '../../db/client.ts';
import { HttpError } from '../../http/errors.ts';
import { isUniqueViolation } from '../../repositories/accounts/usersRepository.ts';
import { filesOfAnswers } from '../../repositories/homework/answerFilesRepository.ts';
import {
  answersOf,
  assignmentFacts,
  deleteFilesOfAnswer,
  insertAnswer,
  insertFiles,
  answerWithDueAt,
  reserveAnswerId,
  updateAnswer,
  type HomeworkAnswerRow,
  type NewFileRow,
} from '../../repositories/homework/answersRepository.ts';
import type { RecordingStorage } from '../recordings/storage.ts';
import { checkHomeworkFile, KIND_EXTENSIONS, type IncomingFile, type PreparedFile } from './answerFiles.ts';
import { toHomeworkAnswer } from './answerWire.ts';
import { decideAssignment } from './assignmentAccess.ts';

export interface HomeworkDeps {
  db: Db;
  config: { jwtSecret: string; dataDir: string };
  recordings: Pick<RecordingStorage, 'put' | 'delete'>;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
}

/** What the form of a new answer or a change gave, as received (the route reads the multipart body into `dir`). */
export interface HomeworkForm {
  text?: string;
  submit?: string;
  removeFiles: string[];
  files: IncomingFile[];
}

/** The refusals of bad input that are the server's own words (the site's form never sends these). */
export const answerInputMessages = {
  submit: 'Поле submit принимает только true или false.',
  removeFiles: 'Среди удаляемых файлов есть чужие или несуществующие.',
} as const;

const fieldError = (field: string, message: string) => new HttpError(400, { [field]: [message] });

/** The assignment when it is open to the person; the refusal (404/403) otherwise. */
async function openAssignment(db: Db, userId: number, lessonId: number, now: Date) {
  const facts = await assignmentFacts(db, lessonId, userId);
  const decision = decideAssignment(facts, now);
  if (!decision.ok) throw new HttpError(decision.status, { detail: decision.detail });
  return facts!;
}

const isOpen = (row: HomeworkAnswerRow) => row.state === 'draft' || row.state === 'submitted';
const isEditable = (row: HomeworkAnswerRow) => row.state === 'draft' || (row.state === 'submitted' && row.seenAt === null);

/** What the person may do now, from their thread (oldest first, a draft last). */
export function nextStep(thread: HomeworkAnswerRow[]): LessonHomework['next'] {
  if (thread.some((row) => row.state === 'accepted')) return 'done';
  const open = thread.find(isOpen);
  if (open) return isEditable(open) ? 'edit' : 'wait';
  return 'new';
}

async function wireAnswers(deps: HomeworkDeps, rows: HomeworkAnswerRow[], dueAt: Date | null, userId: number, now: Date): Promise<HomeworkAnswer[]> {
  const files = await filesOfAnswers(
    deps.db,
    rows.map((row) => row.id),
  );
  const viewer = { secret: deps.config.jwtSecret, viewerId: userId, now };
  return rows.map((row) => toHomeworkAnswer(row, files.get(row.id) ?? [], dueAt, viewer));
}

/** GET /lessons/{id}/homework/. */
export async function lessonHomework(deps: HomeworkDeps, userId: number, lessonId: number, now = new Date()): Promise<LessonHomework> {
  const facts = await openAssignment(deps.db, userId, lessonId, now);
  const thread = await answersOf(deps.db, lessonId, userId);
  return {
    lessonId,
    courseId: facts.courseId,
    lesson: { number: facts.lessonNumber, title: facts.lessonTitle },
    courseTitle: facts.courseTitle,
    assignment: facts.assignment,
    dueAt: facts.dueAt?.toISOString() ?? null,
    required: facts.required,
    timeZone: facts.timeZone,
    answers: await wireAnswers(deps, thread, facts.dueAt, userId, now),
    next: nextStep(thread),
  };
}

// ---- The form

function parseSubmit(value: string | undefined, byDefault: boolean): boolean {
  if (value === undefined || value === '') return byDefault;
  if (value === 'true') return true;
  if (value === 'false') return false;
  throw fieldError('submit', answerInputMessages.submit);
}

function checkText(text: string): void {
  if ([...text].length > HOMEWORK_TEXT_MAX) throw fieldError('text', hm.textTooLong);
}

/** Every file checked; all the refusals under `files` at once. */
async function prepareFiles(files: IncomingFile[]): Promise<PreparedFile[]> {
  const prepared: PreparedFile[] = [];
  const refusals: string[] = [];
  for (const file of files) {
    const check = await checkHomeworkFile(file);
    if (check.ok) prepared.push(check.file);
    else refusals.push(check.message);
  }
  if (refusals.length > 0) throw new HttpError(400, { files: refusals });
  return prepared;
}

/** A folder of its own for one request's parts under DATA_DIR, removed when the work is done, whatever happened. */
async function withIncomingDir<T>(deps: HomeworkDeps, work: (dir: string) => Promise<T>): Promise<T> {
  const dir = path.join(deps.config.dataDir, 'homework-incoming', randomBytes(12).toString('hex'));
  await mkdir(dir, { recursive: true, mode: 0o700 });
  try {
    return await work(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Stores the files' bytes under the answer's id; on any failure removes what it wrote and throws. */
async function storeFiles(deps: HomeworkDeps, answerId: number, files: PreparedFile[]): Promise<NewFileRow[]> {
  const rows: NewFileRow[] = [];
  try {
    for (const file of files) {
      const storageKey = `homework/${answerId}/${randomBytes(16).toString('hex')}.${KIND_EXTENSIONS[file.kind]}`;
      // Named before the put: a put that fails midway is removed with the rest.
      rows.push({ name: file.name, size: file.size, kind: file.kind, storageKey });
      await deps.recordings.put(storageKey, { path: file.path });
    }
    return rows;
  } catch (error) {
    await removeStored(deps, rows.map((row) => row.storageKey));
    if ((error as NodeJS.ErrnoException).code === 'ENOSPC') throw new HttpError(503, { detail: hm.storageFull });
    throw error;
  }
}

/** Removes stored files; a failure is logged, never thrown (a leftover file is no reason to fail the request). */
export async function removeStored(deps: Pick<HomeworkDeps, 'recordings' | 'log'>, keys: string[]): Promise<void> {
  for (const key of keys) {
    try {
      await deps.recordings.delete(key);
    } catch (error) {
      deps.log.warn({ err: error, key }, 'a homework file could not be removed from the storage');
    }
  }
}

const conflict = (detail: string) => new HttpError(409, { detail });

/** POST /lessons/{id}/homework/answers/: 201 with the new answer. `readForm` reads the body's parts into a folder. */
export async function createAnswer(deps: HomeworkDeps, userId: number, lessonId: number, readForm: (dir: string) => Promise<HomeworkForm>, now = new Date()): Promise<HomeworkAnswer> {
  const facts = await openAssignment(deps.db, userId, lessonId, now);
  const refuseWhenTaken = (thread: HomeworkAnswerRow[]) => {
    if (thread.some((row) => row.state === 'accepted')) throw conflict(hm.alreadyAccepted);
    if (thread.some(isOpen)) throw conflict(hm.alreadyOpen);
  };
  refuseWhenTaken(await answersOf(deps.db, lessonId, userId));
  return withIncomingDir(deps, async (dir) => {
    const form = await readForm(dir);
    const text = form.text ?? '';
    const submit = parseSubmit(form.submit, true);
    checkText(text);
    if (form.files.length > HOMEWORK_FILES_MAX) throw fieldError('files', hm.tooManyFiles);
    if (submit && text.trim() === '' && form.files.length === 0) throw fieldError('text', hm.emptyAnswer);
    const files = await prepareFiles(form.files);
    const answerId = await reserveAnswerId(deps.db);
    const rows = await storeFiles(deps, answerId, files);
    try {
      const answer = await deps.db.transaction(async (tx) => {
        // Decided while the files were checked: an accepted answer meanwhile is a conflict too.
        refuseWhenTaken(await answersOf(tx, lessonId, userId));
        const row = await insertAnswer(tx, { id: answerId, lessonId, userId, text, state: submit ? 'submitted' : 'draft' });
        await insertFiles(tx, answerId, rows);
        return row;
      });
      return (await wireAnswers(deps, [answer], facts.dueAt, userId, now))[0]!;
    } catch (error) {
      await removeStored(
        deps,
        rows.map((row) => row.storageKey),
      );
      // Another send of the same person got there first (homework_answers_one_open).
      if (isUniqueViolation(error)) throw conflict(hm.alreadyOpen);
      throw error;
    }
  });
}

/** Why an answer can no longer change: opened by an author, or decided. */
function refuseWhenFixed(row: HomeworkAnswerRow): void {
  if (row.state === 'accepted' || row.state === 'returned') throw conflict(hm.decided);
  if (!isEditable(row)) throw conflict(hm.seen);
}

const FILE_ID = /^[1-9][0-9]{0,9}$/;

/** PATCH /homework/answers/{id}/: 200 with the answer as it now is. */
export async function changeAnswer(deps: HomeworkDeps, userId: number, answerId: number, readForm: (dir: string) => Promise<HomeworkForm>, now = new Date()): Promise<HomeworkAnswer> {
  const notFound = () => new HttpError(404, { detail: hm.answerNotFound });
  const before = await answerWithDueAt(deps.db, answerId);
  if (before === null || before.userId !== userId) throw notFound();
  await openAssignment(deps.db, userId, before.lessonId, now);
  refuseWhenFixed(before);
  return withIncomingDir(deps, async (dir) => {
    const form = await readForm(dir);
    const submit = parseSubmit(form.submit, false);
    if (form.text !== undefined) checkText(form.text);
    if (!form.removeFiles.every((id) => FILE_ID.test(id))) throw fieldError('removeFiles', answerInputMessages.removeFiles);
    const removeIds = [...new Set(form.removeFiles.map(Number))];
    const current = (await filesOfAnswers(deps.db, [answerId])).get(answerId) ?? [];
    if (!removeIds.every((id) => current.some((file) => file.id === id))) throw fieldError('removeFiles', answerInputMessages.removeFiles);
    if (current.length - removeIds.length + form.files.length > HOMEWORK_FILES_MAX) throw fieldError('files', hm.tooManyFiles);
    const text = form.text ?? before.text;
    const sent = submit || before.state === 'submitted';
    if (sent && text.trim() === '' && current.length - removeIds.length + form.files.length === 0) throw fieldError('text', hm.emptyAnswer);
    const files = await prepareFiles(form.files);
    const rows = await storeFiles(deps, answerId, files);
    let removed: string[] = [];
    let after: HomeworkAnswerRow & { dueAt: Date | null };
    try {
      after = await deps.db.transaction(async (tx) => {
        const locked = await answerWithDueAt(tx, answerId, true);
        if (locked === null) throw notFound();
        // An author may have opened it while the files were checked.
        refuseWhenFixed(locked);
        removed = await deleteFilesOfAnswer(tx, answerId, removeIds);
        await insertFiles(tx, answerId, rows);
        const row = await updateAnswer(tx, answerId, { ...(form.text === undefined ? {} : { text: form.text }), submit });
        return { ...row, dueAt: locked.dueAt };
      });
    } catch (error) {
      await removeStored(
        deps,
        rows.map((row) => row.storageKey),
      );
      throw error;
    }
    // Only after the commit: a rolled back change still has its files.
    await removeStored(deps, removed);
    return (await wireAnswers(deps, [after], after.dueAt, userId, now))[0]!;
  });
}
