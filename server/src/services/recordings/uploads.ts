// The upload of a lesson's recording (tus 1.0.0 with creation and termination, @tus/server with @tus/file-store under
// DATA_DIR/recordings/.uploads/): who may upload and what, checked before the first byte; the finished upload probed at
// once, and its source put into the recordings' storage as a job for processing.ts. docs/RECORDINGS.md, «Upload».
import { randomBytes } from 'node:crypto';
import { mkdir, statfs } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { FileConfigstore, FileStore } from '@tus/file-store';
import { ERRORS, Metadata, type Upload } from '@tus/utils';
import { MemoryLocker, Server } from '@tus/server';
import { mutaboMessages } from '../../../../common/mutabo/fields.ts';
import { formatBytes, RECORDING_EXTENSIONS, type RecordingStorageUse } from '../../../../common/recordings.ts';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { HttpError } from '../../http/errors.ts';
import {
  deleteFailedOfLesson,
  deleteRow,
  deleteRowsOfLesson,
  insertUploading,
  lessonOfAuthor,
  lockAuthorQuota,
  markRetried,
  markUploaded,
  notifyRecordingJobs,
  pendingOfLesson,
  recordRecordingChange,
  rowByUploadId,
  storageUse,
  type LessonRecordingRow,
} from '../../repositories/recordings/lessonRecordingsRepository.ts';
import type { Caller } from '../caller.ts';
import { MediaError, mediaMessages } from './mediaLimits.ts';
import { runTool } from './mediaProcess.ts';
import { probe, type MediaToolOptions } from './mediaTools.ts';
import type { RecordingStorage } from './storage.ts';
import { nodeRequest, readPatchBodiesFromNode } from './tusNodeBody.ts';
import { CachedUploadInfo } from './uploadInfoCache.ts';
import { recordingKeys, uploadUrl } from './uploadsState.ts';

const JSON_HEADERS = { 'Content-Type': 'application/json; charset=utf-8' };
const jsonBody = (body: Record<string, unknown>) => JSON.stringify(body);

export const uploadMessages = {
  extension: 'Загрузите запись в mp4, webm или mov.',
  length: 'Не указан размер файла (Upload-Length): начните загрузку заново.',
  tooLarge: (max: number) => `Файл больше ${formatBytes(max)}: такую запись загрузить нельзя. Сохраните её в меньшем размере или разделите на части.`,
  quota: (used: number, quota: number, size: number) =>
    `Не хватит места для записей: занято ${formatBytes(used)} из ${formatBytes(quota)}, а файл — ${formatBytes(size)}. Удалите ненужные записи или загрузите файл меньше.`,
  busy: 'Запись этого занятия уже загружается или обрабатывается. Дождитесь конца или удалите её.',
  uploadNotFound: 'Такой загрузки нет: она закончилась или удалена. Начните загрузку заново.',
  notStored: 'Запись загрузилась, но её не удалось сохранить на сервере. Загрузите её ещё раз.',
  diskFull: 'На сервере не хватает места для этой записи: загрузка остановлена. Попробуйте ещё раз позже.',
  retryNothing: 'Повторить можно только обработку, которая не удалась.',
  retryNoSource: 'Загруженный файл не сохранился: загрузите запись заново.',
} as const;

/** tus's own refusals (the protocol's checks) in Russian; docs/RECORDINGS.md, «Upload». */
export const tusMessages = {
  resumable: 'Загрузка идёт по протоколу tus 1.0.0: нужен заголовок Tus-Resumable.',
  headers: (names: string) => `Неверные заголовки загрузки: ${names}. Начните загрузку заново.`,
  offsetMissing: 'Не указано, с какого места продолжить загрузку (Upload-Offset).',
  contentType: 'Части файла отправляются с Content-Type: application/offset+octet-stream.',
  offsetConflict: 'Загрузка продолжилась не с того места: спросите, сколько уже загружено (HEAD), и продолжите оттуда.',
  sizeExceeded: 'Файл оказался больше, чем было указано в начале загрузки. Начните загрузку заново.',
  metadata: 'Сведения о файле (Upload-Metadata) записаны неверно. Начните загрузку заново.',
  locked: 'Эту загрузку сейчас продолжает другой запрос. Продолжайте её в одной вкладке.',
  completed: 'Загрузка уже закончилась, её нельзя отменить: удалите запись.',
  unsupported: 'Такая загрузка не поддерживается: отправляйте файл по частям, одну за другой.',
  unreadable: 'В заголовках загрузки недопустимые символы. Начните загрузку заново.',
  failed: 'Часть файла не удалось принять. Продолжите загрузку.',
} as const;

/**
 * The answer for one of tus's own refusals, as the rest of the API answers: `{"detail": "<Russian>"}`. A body that is
 * JSON already (the hooks' refusals) is kept. tus's 501s for extensions it lacks are the client's choice of request
 * (400); a lock it could not take in time is 423, which tus clients retry.
 */
function tusRefusal(status: number, body: string, maxBytes: number): { status: number; body: string } {
  if (body.startsWith('{')) return { status, body };
  const known: [{ status_code: number; body: string }, number, string][] = [
    [ERRORS.MISSING_OFFSET, 403, tusMessages.offsetMissing],
    [ERRORS.INVALID_CONTENT_TYPE, 403, tusMessages.contentType],
    [ERRORS.FILE_NOT_FOUND, 404, uploadMessages.uploadNotFound],
    [ERRORS.FILE_NO_LONGER_EXISTS, 410, uploadMessages.uploadNotFound],
    [ERRORS.INVALID_OFFSET, 409, tusMessages.offsetConflict],
    [ERRORS.ERR_SIZE_EXCEEDED, 413, tusMessages.sizeExceeded],
    [ERRORS.ERR_MAX_SIZE_EXCEEDED, 413, uploadMessages.tooLarge(maxBytes)],
    [ERRORS.INVALID_LENGTH, 400, uploadMessages.length],
    [ERRORS.INVALID_METADATA, 400, tusMessages.metadata],
    [ERRORS.ABORTED, 400, tusMessages.locked],
    [ERRORS.INVALID_TERMINATION, 400, tusMessages.completed],
    [ERRORS.ERR_LOCK_TIMEOUT, 423, tusMessages.locked],
    [ERRORS.UNSUPPORTED_CONCATENATION_EXTENSION, 400, tusMessages.unsupported],
    [ERRORS.UNSUPPORTED_CREATION_DEFER_LENGTH_EXTENSION, 400, tusMessages.unsupported],
    [ERRORS.UNSUPPORTED_EXPIRATION_EXTENSION, 400, tusMessages.unsupported],
  ];
  const match = known.find(([error]) => error.status_code === status && error.body === body);
  if (match) return { status: match[1], body: jsonBody({ detail: match[2] }) };
  if (status === 412) return { status, body: jsonBody({ detail: tusMessages.resumable }) };
  const invalid = /^Invalid ([\w -]{1,200})\n?$/.exec(body);
  if (status === 400 && invalid) return { status, body: jsonBody({ detail: tusMessages.headers(invalid[1]!.trim().split(/\s+/).join(', ')) }) };
  return { status, body: jsonBody({ detail: status >= 500 ? tusMessages.failed : uploadMessages.uploadNotFound }) };
}

/** tus's server whose refusals are JSON (every error tus answers by itself goes through `write`). */
class JsonRefusalsServer extends Server {
  constructor(
    options: ConstructorParameters<typeof Server>[0],
    private readonly maxBytes: number,
  ) {
    super(options);
    readPatchBodiesFromNode(this);
  }

  override write(...[context, headers, status, body]: Parameters<Server['write']>): ReturnType<Server['write']> {
    if (status < 400) return super.write(context, headers, status, body);
    const refusal = tusRefusal(status, body ?? '', this.maxBytes);
    headers.set('Content-Type', 'application/json; charset=utf-8');
    return super.write(context, headers, refusal.status, refusal.body);
  }
}

/** Bytes left for unprivileged writers on the file system of `dir`; null when it cannot be told. */
async function freeBytes(dir: string): Promise<number | null> {
  try {
    const stats = await statfs(dir);
    return stats.bavail * stats.bsize;
  } catch {
    return null;
  }
}

/** The refusal of a write that the disk could not take (507 Insufficient Storage), as tus answers a thrown error. */
const DISK_FULL = { status_code: 507, body: jsonBody({ detail: uploadMessages.diskFull }) };

/** Below this much free space a failed write is the disk's being full (a write fails once it cannot place a block). */
const DISK_FULL_BELOW_BYTES = 1024 * 1024;

/**
 * A write the disk could not take: ENOSPC as the file system said it, or @tus/file-store's one «write failed» (500,
 * «try again», which a client would repeat for ever against a full disk) with the disk found full.
 */
async function isDiskFull(error: unknown, folder: string): Promise<boolean> {
  if ((error as NodeJS.ErrnoException | null)?.code === 'ENOSPC') return true;
  if (error !== ERRORS.FILE_WRITE_ERROR) return false;
  const free = await freeBytes(folder);
  return free !== null && free < DISK_FULL_BELOW_BYTES;
}

/** The address the area's form and the tests read the field error under. */
const FIELD = 'recording';

export interface RecordingUploadsDeps {
  config: Pick<AppConfig, 'dataDir' | 'recordingMaxBytes' | 'recordingQuotaBytes'>;
  db: Db;
  recordings: RecordingStorage;
  log: FastifyBaseLogger;
  media?: MediaToolOptions;
  /** Wakes this process's worker at once (the others learn it from NOTIFY lesson_recordings or their next look). */
  wakeJobs?: () => void;
}

/** What the route's checks found, handed to the tus hooks of the same request. */
interface Admitted {
  lessonId: number;
  uploadId: string;
}

const UPLOAD_ID = /^[0-9a-f]{32}$/;

/** How long ffprobe and ffmpeg, once found, are trusted to be there without starting them again. */
const TOOLS_TRUSTED_MS = 10 * 60_000;


export class RecordingUploads {
  readonly tus: Server;
  private readonly locker = new MemoryLocker();
  private readonly admitted = new WeakMap<IncomingMessage, Admitted>();
  /** When ffprobe and ffmpeg were last found (0: not yet). */
  private toolsFoundAt = 0;
  readonly directory: string;

  constructor(private readonly deps: RecordingUploadsDeps) {
    this.directory = path.join(deps.config.dataDir, 'recordings', '.uploads');
    this.tus = new JsonRefusalsServer({
      // Not matched against requests: the area's routes hand the requests over; only the Location is made from it.
      path: '/api/v1/mutabo/lessons',
      datastore: new FileStore({ directory: this.directory, configstore: new CachedUploadInfo(new FileConfigstore(this.directory)) }),
      locker: this.locker,
      maxSize: deps.config.recordingMaxBytes,
      // The area's own address of the upload; the id is the last segment of it.
      namingFunction: (req) => this.admittedOf(req).uploadId,
      generateUrl: (req, { id }) => uploadUrl(this.admittedOf(req).lessonId, id),
      getFileIdFromRequest: (_req, lastPath) => (lastPath && UPLOAD_ID.test(lastPath) ? lastPath : undefined),
      // The route has admitted every request (the author, the lesson, the upload's own lesson) before tus sees it.
      onIncomingRequest: async (req, id) => {
        if (this.admittedOf(req).uploadId !== id) throw { status_code: 404, body: jsonBody({ detail: uploadMessages.uploadNotFound }) };
      },
      onUploadFinish: async (_req, upload) => this.finish(upload),
      // Before the answer is written (tus has let go of the upload's lock by then), so the author who reads it finds
      // nothing of the upload left.
      onResponseError: async (req, error) => {
        if (!(await isDiskFull(error, this.directory))) return undefined;
        await this.stopUpload(this.admittedOf(req));
        return DISK_FULL;
      },
    }, deps.config.recordingMaxBytes);
  }

  private admittedOf(req: Request): Admitted {
    const admitted = nodeRequest(req) && this.admitted.get(nodeRequest(req)!);
    if (!admitted) throw { status_code: 404, body: jsonBody({ detail: uploadMessages.uploadNotFound }) };
    return admitted;
  }

  /**
   * Checks a tus request before any of it is read: the caller leads the lesson's course (404 for no lesson and for
   * another's), and for a POST the file's name, length, the quota, no other upload or processing, and ffmpeg; a
   * POST's row is recorded here. Then tus answers it on the raw request and response; what it left undone (a POST
   * that did not create, a DELETE) is settled after.
   */
  async handle(caller: Caller, lessonId: number, uploadId: string | null, request: IncomingMessage, response: ServerResponse, hijack: () => void): Promise<void> {
    // Both reads at once: every PATCH of an upload pays for them before its bytes are read.
    const [, row] = await Promise.all([
      this.checkLesson(caller, lessonId),
      uploadId !== null && UPLOAD_ID.test(uploadId) ? rowByUploadId(this.deps.db, uploadId) : null,
    ]);
    const method = request.method ?? 'GET';
    let created: LessonRecordingRow | null = null;
    if (uploadId === null) {
      if (method === 'POST') created = await this.create(caller, lessonId, request);
      else if (method !== 'OPTIONS') throw new HttpError(405, { detail: 'Метод не поддерживается.' });
    } else if (!row || row.lessonId !== lessonId || row.state !== 'uploading') {
      throw new HttpError(404, { detail: uploadMessages.uploadNotFound });
    }
    const id = created?.uploadId ?? uploadId;
    if (id) this.admitted.set(request, { lessonId, uploadId: id });
    hijack();
    try {
      await this.tus.handle(request, response);
    } catch (error) {
      // Fastify no longer answers for a hijacked request: what tus could not even read (a header value the web's
      // Headers refuse, such as a NUL character) or failed on is answered here.
      const unreadable = error instanceof TypeError && /header/i.test(error.message);
      if (!unreadable) this.deps.log.error({ err: error }, 'an upload request failed in tus');
      if (response.headersSent) response.destroy();
      else response.writeHead(unreadable ? 400 : 500, JSON_HEADERS).end(jsonBody({ detail: unreadable ? tusMessages.unreadable : tusMessages.failed }));
    } finally {
      if (created && response.statusCode !== 201) await this.forget(created).catch((error: unknown) => this.deps.log.warn({ err: error }, 'a refused upload could not be removed'));
    }
    if (uploadId !== null && method === 'DELETE' && (response.statusCode === 204 || response.statusCode === 404)) {
      const row = await rowByUploadId(this.deps.db, uploadId);
      if (row?.state === 'uploading') await deleteRow(this.deps.db, row.id);
    }
  }

  /** An upload the disk could not take: nothing of it is kept (the bytes received would only keep the disk full). */
  private async stopUpload({ lessonId, uploadId }: Admitted): Promise<void> {
    this.deps.log.error({ lesson: lessonId }, 'a recording’s upload was stopped: the disk of DATA_DIR/recordings/.uploads is full');
    try {
      const row = await rowByUploadId(this.deps.db, uploadId);
      if (row?.state === 'uploading') await this.forget(row);
    } catch (error) {
      this.deps.log.warn({ err: error }, 'a stopped upload could not be removed');
    }
  }

  private async checkLesson(caller: Caller, lessonId: number): Promise<void> {
    const lesson = await lessonOfAuthor(this.deps.db, lessonId, caller.authorId);
    // Another author's lesson is «not found», as everywhere in the area: its existence is not told.
    if (!lesson?.leads) throw new HttpError(404, { detail: mutaboMessages.lessonNotFound });
  }

  private async create(caller: Caller, lessonId: number, request: IncomingMessage): Promise<LessonRecordingRow> {
    const { config, db } = this.deps;
    const lengthHeader = request.headers['upload-length'];
    if (typeof lengthHeader !== 'string' || !/^\d{1,16}$/.test(lengthHeader) || Number(lengthHeader) < 1) throw field(uploadMessages.length);
    const length = Number(lengthHeader);
    let fileName = '';
    try {
      fileName = Metadata.parse(String(request.headers['upload-metadata'] ?? '')).filename ?? '';
    } catch {
      fileName = '';
    }
    fileName = fileName.replace(/\p{Cc}/gu, '').trim().slice(0, 255);
    const extension = /\.([A-Za-z0-9]+)$/.exec(fileName)?.[1]?.toLowerCase() ?? '';
    if (!(RECORDING_EXTENSIONS as readonly string[]).includes(extension)) throw field(uploadMessages.extension);
    if (length > config.recordingMaxBytes) throw new HttpError(413, { [FIELD]: [uploadMessages.tooLarge(config.recordingMaxBytes)] });
    await this.checkTools();
    await mkdir(this.directory, { recursive: true });
    const free = await freeBytes(this.directory);
    if (free !== null && free < length + DISK_FULL_BELOW_BYTES) {
      this.deps.log.error({ lesson: lessonId, length, free }, 'a recording’s upload was refused: the disk of DATA_DIR/recordings/.uploads has no room for it');
      throw new HttpError(507, { [FIELD]: [uploadMessages.diskFull] });
    }
    const generation = randomBytes(16).toString('hex');
    const uploadId = randomBytes(16).toString('hex');
    let replaced: LessonRecordingRow | null = null;
    let row: LessonRecordingRow;
    try {
      row = await db.transaction(async (tx) => {
        await lockAuthorQuota(tx, caller.authorId);
        const pending = await pendingOfLesson(tx, lessonId);
        if (pending && pending.state !== 'failed') throw new HttpError(409, { detail: uploadMessages.busy });
        replaced = await deleteFailedOfLesson(tx, lessonId);
        const { usedBytes } = await storageUse(tx, caller.authorId);
        if (usedBytes + length > config.recordingQuotaBytes) {
          throw new HttpError(413, { [FIELD]: [uploadMessages.quota(usedBytes, config.recordingQuotaBytes, length)] });
        }
        return insertUploading(tx, { lessonId, generation, uploadId, authorId: caller.authorId, userId: caller.userId, fileName, uploadSize: length });
      });
    } catch (error) {
      // Another author's upload of the same lesson won the race for its one pending row.
      if (isUniqueViolation(error)) throw new HttpError(409, { detail: uploadMessages.busy });
      throw error;
    }
    if (replaced) await this.removeFiles(replaced);
    return row;
  }

  /**
   * ffprobe and ffmpeg can be run: 503 naming the missing one otherwise (the upload would be of no use). Both are
   * started at once, and a success is trusted for TOOLS_TRUSTED_MS: starting them costs a quarter of a second, paid
   * by every upload's creation otherwise. A missing tool is looked for again at the next upload.
   */
  private async checkTools(): Promise<void> {
    if (Date.now() - this.toolsFoundAt < TOOLS_TRUSTED_MS) return;
    const media = this.deps.media ?? {};
    const tools = [
      ['ffprobe', media.ffprobePath ?? 'ffprobe'],
      ['ffmpeg', media.ffmpegPath ?? 'ffmpeg'],
    ] as const;
    const results = await Promise.allSettled(tools.map(([, binary]) => runTool(binary, ['-version'], 10_000)));
    for (const [index, result] of results.entries()) {
      if (result.status === 'fulfilled') continue;
      const error: unknown = result.reason;
      if (error instanceof MediaError && error.reason === 'notInstalled') throw new HttpError(503, { detail: mediaMessages.notInstalled(tools[index]![0]) });
      throw error;
    }
    this.toolsFoundAt = Date.now();
  }

  /**
   * The last byte is in (tus's onUploadFinish; the final PATCH waits for this): probed at once. Not a video, or
   * beyond the limits: 422 with the reason under `recording`, and nothing of it is left. Otherwise its source goes
   * into the storage (so any process can process it), the upload's files are removed and the job is due.
   */
  private async finish(upload: Upload): Promise<{ status_code?: number; headers?: Record<string, string>; body?: string }> {
    const { db, recordings, log } = this.deps;
    const row = await rowByUploadId(db, upload.id);
    if (!row || row.state !== 'uploading') {
      await this.removeUpload(upload.id);
      return { status_code: 404, headers: JSON_HEADERS, body: jsonBody({ detail: uploadMessages.uploadNotFound }) };
    }
    const file = path.join(this.directory, upload.id);
    let duration: number | null;
    try {
      duration = (await probe(file, this.deps.media)).duration;
    } catch (error) {
      await this.forget(row);
      if (error instanceof MediaError) {
        log.info({ recording: { id: row.id, lesson: row.lessonId, reason: error.reason }, detail: error.detail }, 'an uploaded recording was refused');
        return { status_code: 422, headers: JSON_HEADERS, body: jsonBody({ [FIELD]: [error.message] }) };
      }
      throw error;
    }
    const keys = recordingKeys(row);
    try {
      // Not synced here: processing reads it once, at once, and stores what it makes durably (storage.ts PutOptions);
      // the sync of an uploaded gigabyte was most of this last request's 0.8 s.
      await recordings.put(keys.source, { path: file }, { durable: false });
    } catch (error) {
      log.error({ err: error, recording: { id: row.id, lesson: row.lessonId } }, 'an uploaded recording could not be stored');
      await this.forget(row);
      return { status_code: 500, headers: JSON_HEADERS, body: jsonBody({ detail: uploadMessages.notStored }) };
    }
    await this.removeUpload(upload.id);
    if (!(await markUploaded(db, row.id, duration === null ? null : Math.round(duration)))) {
      // Deleted while its last bytes came in.
      await recordings.delete(keys.source);
      return { status_code: 404, headers: JSON_HEADERS, body: jsonBody({ detail: uploadMessages.uploadNotFound }) };
    }
    this.deps.wakeJobs?.();
    await notifyRecordingJobs(db).catch((error: unknown) => log.warn({ err: error }, 'the recording workers could not be woken; they look again shortly'));
    return {};
  }

  /** The row and everything of it: the upload's files and any stored file. */
  private async forget(row: LessonRecordingRow): Promise<void> {
    await deleteRow(this.deps.db, row.id);
    if (row.uploadId) await this.removeUpload(row.uploadId);
    await this.removeFiles(row);
  }

  /** Removes a tus upload's files (waiting for a PATCH of it under way in this process to stop). */
  async removeUpload(uploadId: string): Promise<void> {
    const lock = this.locker.newLock(uploadId);
    const stop = new AbortController();
    const timer = setTimeout(() => stop.abort(), 10_000);
    let locked = false;
    try {
      await lock.lock(stop.signal, () => {});
      locked = true;
    } catch {
      // A PATCH that does not let go within 10 s: its files are removed under it (its write then fails).
    } finally {
      clearTimeout(timer);
    }
    try {
      await this.tus.datastore.remove(uploadId);
    } catch {
      // Nothing there any more.
    } finally {
      if (locked) await lock.unlock();
    }
  }

  private async removeFiles(row: LessonRecordingRow): Promise<void> {
    const keys = recordingKeys(row);
    await Promise.all([keys.source, keys.video, keys.poster].map((key) => this.deps.recordings.delete(key)));
  }

  /** DELETE /api/v1/mutabo/lessons/{id}/recording/: the ready recording and any on its way, rows and files. Whether there was any. */
  async deleteRecording(caller: Caller, lessonId: number): Promise<LessonRecordingRow[]> {
    await this.checkLesson(caller, lessonId);
    const rows = await this.deps.db.transaction(async (tx) => {
      const deleted = await deleteRowsOfLesson(tx, lessonId);
      // The course's history notes a recording people could watch; an upload or processing given up is not one.
      const ready = deleted.find((row) => row.state === 'ready');
      if (ready) await recordRecordingChange(tx, { userId: caller.userId, lessonId, before: ready.fileName, after: null });
      return deleted;
    });
    for (const row of rows) {
      if (row.uploadId) await this.removeUpload(row.uploadId);
      await this.removeFiles(row).catch((error: unknown) => this.deps.log.warn({ err: error, recording: { id: row.id } }, 'a deleted recording’s files could not be removed'));
    }
    return rows;
  }

  /** POST /api/v1/mutabo/lessons/{id}/recording/retry/: a failed recording whose source is kept, processed again. */
  async retry(caller: Caller, lessonId: number): Promise<void> {
    await this.checkLesson(caller, lessonId);
    const pending = await pendingOfLesson(this.deps.db, lessonId);
    if (!pending || pending.state !== 'failed') throw new HttpError(409, { detail: uploadMessages.retryNothing });
    if (!(await this.deps.recordings.stat(recordingKeys(pending).source))) throw new HttpError(409, { detail: uploadMessages.retryNoSource });
    if (!(await markRetried(this.deps.db, pending.id))) throw new HttpError(409, { detail: uploadMessages.retryNothing });
    this.deps.wakeJobs?.();
    await notifyRecordingJobs(this.deps.db).catch(() => {});
  }

  /** GET /api/v1/mutabo/recordings/storage/. */
  async storageUse(caller: Caller): Promise<RecordingStorageUse> {
    const use = await storageUse(this.deps.db, caller.authorId);
    return { ...use, quotaBytes: this.deps.config.recordingQuotaBytes };
  }
}

const field = (message: string) => new HttpError(400, { [FIELD]: [message] });

function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
