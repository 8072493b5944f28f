// The durable processing of uploaded recordings: a row of lesson_recordings in 'processing' is a job. Every process
// runs one worker (backgroundWork.ts); it claims a due job with FOR UPDATE SKIP LOCKED and a lease it renews while the
// job runs (a process that dies leaves the job to the others once the lease lapses), reads the source from the
// storage into a working folder, runs prepare (mediaTools.ts: one ffmpeg at a time), puts the mp4 and the poster,
// and makes the recording ready in one transaction with the lesson's previous one deleted. It wakes on NOTIFY
// lesson_recordings and polls, as every durable queue does (services/durableWorker.ts). docs/RECORDINGS.md, «Processing».
import { createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import {
  claimDueRecording,
  markFailed,
  markReady,
  markRetry,
  nextRecordingDueAt,
  renewLease,
  type LessonRecordingRow,
} from '../../repositories/recordings/lessonRecordingsRepository.ts';
import { DurableQueue, DurableWorker } from '../durableWorker.ts';
import { MediaError, mediaMessages } from './mediaLimits.ts';
import { prepare, type MediaToolOptions } from './mediaTools.ts';
import type { RecordingStorage } from './storage.ts';
import { recordingKeys } from './uploadsState.ts';

const CHANNEL = 'lesson_recordings';

export interface RecordingJobsOptions {
  /** How long a claim lasts without renewal; it is renewed every third of it while the job runs. */
  leaseMs: number;
  /** Attempts before a crash or a time-out is a failure for good. */
  maxAttempts: number;
  /** The delay before the second attempt; doubled for each further one. */
  retryBaseMs: number;
  /** The longest sleep between looks at the table. */
  idlePollMs: number;
  media?: MediaToolOptions;
}

export const DEFAULT_RECORDING_JOBS: RecordingJobsOptions = { leaseMs: 5 * 60_000, maxAttempts: 3, retryBaseMs: 60_000, idlePollMs: 30_000 };

/** Failures of the file itself: tried again they would fail again, so the first is final. */
const FINAL_REASONS = new Set<MediaError['reason']>(['unreadable', 'notVideo', 'tooLong', 'tooLarge']);

export interface RecordingJobsDeps {
  db: Db;
  recordings: RecordingStorage;
  log: FastifyBaseLogger;
  /** DATA_DIR: the working folder is DATA_DIR/recordings/.processing/. */
  dataDir: string;
}

export class RecordingJobs extends DurableQueue {
  private readonly options: RecordingJobsOptions;
  protected readonly worker: DurableWorker;
  readonly workDir: string;

  constructor(
    private readonly deps: RecordingJobsDeps,
    options: Partial<RecordingJobsOptions> = {},
  ) {
    super();
    this.options = { ...DEFAULT_RECORDING_JOBS, ...options };
    this.workDir = path.join(deps.dataDir, 'recordings', '.processing');
    this.worker = new DurableWorker(
      {
        channel: CHANNEL,
        name: 'the recordings’ jobs',
        idlePollMs: this.options.idlePollMs,
        step: async () => {
          const job = await claimDueRecording(this.deps.db, this.options.leaseMs);
          if (!job) return false;
          await this.run(job);
          return true;
        },
        nextDueAt: () => nextRecordingDueAt(this.deps.db),
      },
      deps.log,
    );
  }

  /** One claimed job to its end: ready, retried later, or failed. */
  private async run(job: LessonRecordingRow): Promise<void> {
    const { db, recordings, log } = this.deps;
    const keys = recordingKeys(job);
    const dir = path.join(this.workDir, `${job.generation}-${job.attempts}`);
    let lost = false;
    const renewal = setInterval(() => {
      void renewLease(db, job.id, job.attempts, this.options.leaseMs)
        .then((kept) => {
          if (!kept) lost = true;
        })
        .catch((error: unknown) => log.warn({ err: error }, 'a recording job’s lease could not be renewed'));
    }, Math.max(1_000, this.options.leaseMs / 3));
    renewal.unref?.();
    try {
      // An earlier attempt's process was killed (its lease lapsed, so the job is this claim's now): its folder, with
      // the source's copy and a half-written video, would otherwise stay in .processing/ for good.
      for (let attempt = 1; attempt < job.attempts; attempt += 1) await rm(path.join(this.workDir, `${job.generation}-${attempt}`), { recursive: true, force: true });
      await mkdir(dir, { recursive: true });
      const source = path.join(dir, 'source');
      await pipeline(await recordings.read(keys.source), createWriteStream(source));
      const prepared = await prepare(source, dir, this.options.media);
      if (lost) return;
      await recordings.put(keys.video, { path: prepared.video });
      await recordings.put(keys.poster, { path: prepared.poster });
      const size = (await stat(prepared.video)).size + (await stat(prepared.poster)).size;
      const duration = prepared.info.duration ?? job.duration;
      const done = await db.transaction((tx) => markReady(tx, job, { size, duration: duration === null ? null : Math.round(duration) }));
      if (!done) {
        // Deleted (or given to another process) meanwhile: what this attempt stored is nobody's.
        await Promise.all([recordings.delete(keys.video), recordings.delete(keys.poster)]);
        return;
      }
      await recordings.delete(keys.source).catch((error: unknown) => log.warn({ err: error }, 'a processed recording’s source could not be removed'));
      if (done.previous) {
        const old = recordingKeys(done.previous);
        await Promise.all([old.source, old.video, old.poster].map((key) => recordings.delete(key))).catch((error: unknown) =>
          log.warn({ err: error }, 'a replaced recording’s files could not be removed'),
        );
      }
      log.info({ recording: { id: job.id, lesson: job.lessonId, remuxed: prepared.remuxed, size } }, 'a recording is ready');
    } catch (error) {
      await this.failed(job, error);
    } finally {
      clearInterval(renewal);
      await rm(dir, { recursive: true, force: true }).catch(() => {});
    }
  }

  private async failed(job: LessonRecordingRow, error: unknown): Promise<void> {
    const { db, log } = this.deps;
    const media = error instanceof MediaError ? error : null;
    const reason = media?.message ?? mediaMessages.failed;
    const final = (media !== null && FINAL_REASONS.has(media.reason)) || job.attempts >= this.options.maxAttempts;
    log[final ? 'error' : 'warn'](
      { err: media ? undefined : error, recording: { id: job.id, lesson: job.lessonId, attempts: job.attempts, reason: media?.reason }, detail: media?.detail },
      final ? 'a recording could not be processed' : 'a recording will be processed again',
    );
    if (final) await markFailed(db, job.id, job.attempts, reason);
    else await markRetry(db, job.id, job.attempts, reason, this.options.retryBaseMs * 2 ** (job.attempts - 1));
  }
}
