// A participant's homework (issue 35, docs/HOMEWORK.md), logged in (401 otherwise):
// - GET /api/v1/lessons/{id}/homework/: the assignment and the person's answers (LessonHomework);
// - POST /api/v1/lessons/{id}/homework/answers/ (multipart: text, files ×0..5, submit=true|false): 201 HomeworkAnswer;
// - PATCH /api/v1/homework/answers/{id}/ (multipart: text, files, removeFiles ×n, submit=true): 200 HomeworkAnswer.
// The parts are read only after the service has found the assignment open to the caller and no conflict; each file is
// written to a file of its own as it arrives, cut at 20 MB (never held whole in memory).
import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { HOMEWORK_FILE_MAX_BYTES, HOMEWORK_FILES_MAX, homeworkMessages as hm, homeworkText } from '../../../common/homework.ts';
import { HttpError } from '../http/errors.ts';
import { idParams } from '../http/queryParams.ts';
import type { ZodRoutes } from '../http/zodTypeProvider.ts';
import { changeAnswer, createAnswer, lessonHomework, type HomeworkForm } from '../services/homework/answers.ts';

const FIELDS_MAX = 40;
/** A text field's bytes: the longest answer in 4-byte characters, and some room. */
const FIELD_BYTES_MAX = 4 * 20_000 + 1024;
const unreadable = 'Не удалось прочитать отправленную форму. Попробуйте ещё раз.';

const filesError = (message: string) => new HttpError(400, { files: [message] });

/** The body's parts: the text fields, and each file written under `dir` as it arrives. */
async function readForm(request: FastifyRequest, dir: string): Promise<HomeworkForm> {
  const form: HomeworkForm = { removeFiles: [], files: [] };
  if (!request.isMultipart()) throw new HttpError(400, { nonFieldErrors: [unreadable] });
  let current = '';
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        current = part.filename ?? '';
        if (part.fieldname !== 'files') {
          part.file.resume();
          continue;
        }
        const file = path.join(dir, `${form.files.length + 1}.part`);
        await pipeline(part.file, createWriteStream(file, { flags: 'wx', mode: 0o600 }));
        if (part.file.truncated) throw filesError(homeworkText(hm.fileTooLarge, { name: current }));
        form.files.push({ name: current, path: file, size: part.file.bytesRead });
        continue;
      }
      const value = typeof part.value === 'string' ? part.value : String(part.value);
      if (part.valueTruncated) {
        if (part.fieldname === 'text') throw new HttpError(400, { text: [hm.textTooLong] });
        throw new HttpError(400, { nonFieldErrors: [unreadable] });
      }
      if (part.fieldname === 'text') form.text = value;
      else if (part.fieldname === 'submit') form.submit = value;
      else if (part.fieldname === 'removeFiles') form.removeFiles.push(value);
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'ENOSPC') throw new HttpError(503, { detail: hm.storageFull });
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw filesError(homeworkText(hm.fileTooLarge, { name: current }));
    if (code === 'FST_FILES_LIMIT') throw filesError(hm.tooManyFiles);
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw new HttpError(400, { nonFieldErrors: [unreadable] });
    // Anything else here is a body that is not well-formed multipart (cut short, no boundary): the client's.
    throw new HttpError(400, { nonFieldErrors: [unreadable] });
  }
  return form;
}

export const homeworkRoutes: ZodRoutes = async (app) => {
  await app.register(fastifyMultipart, {
    limits: { fileSize: HOMEWORK_FILE_MAX_BYTES, files: HOMEWORK_FILES_MAX, fields: FIELDS_MAX, parts: FIELDS_MAX + HOMEWORK_FILES_MAX + 1, fieldSize: FIELD_BYTES_MAX, headerPairs: 100 },
  });
  const auth = { schema: { params: idParams }, preValidation: app.requireAuth };

  app.get('/lessons/:id/homework/', auth, async (request, reply) => {
    const homework = await lessonHomework(app.deps, request.userId!, request.params.id);
    return reply.header('cache-control', 'no-store').send(homework);
  });

  app.post('/lessons/:id/homework/answers/', auth, async (request, reply) => {
    const answer = await createAnswer(app.deps, request.userId!, request.params.id, (dir) => readForm(request, dir));
    return reply.code(201).header('cache-control', 'no-store').send(answer);
  });

  app.patch('/homework/answers/:id/', auth, async (request, reply) => {
    const answer = await changeAnswer(app.deps, request.userId!, request.params.id, (dir) => readForm(request, dir));
    return reply.header('cache-control', 'no-store').send(answer);
  });
};
