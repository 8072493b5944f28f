// What a recorded lecture may be before it is processed, and the Russian reasons given when it is not.

/** Longer than this (10 hours) is refused: no lecture is, and its processing would hold the one ffmpeg for a day. */
export const MAX_DURATION_SECONDS = 10 * 60 * 60;

/**
 * The largest frame accepted, in either orientation: 4K (DCI 4096×2160, so UHD 3840×2160 too). 8K is refused: its
 * decoding alone would need gigabytes of memory and hours on a small server.
 */
export const MAX_FRAME = { long: 4096, short: 2160 } as const;

/** A transcoded recording is at most 720p: its short side at most 720, its long side at most 1280. */
export const TARGET_FRAME = { long: 1280, short: 720 } as const;

/** The time bounds of the child processes; each can be overridden (tests make them short). */
export const MEDIA_TIME_LIMITS = {
  /** One ffprobe: it reads headers and a few packets. */
  probeMs: 30_000,
  /** The poster: one frame. */
  posterMs: 60_000,
  /** A remux or a transcode: this much plus a factor of the recording's length (below). */
  baseMs: 10 * 60_000,
  remuxPerSecondMs: 100,
  transcodePerSecondMs: 2_000,
} as const;

/** The bytes of a child's stderr kept for the error: its end, where ffmpeg says what went wrong. */
export const STDERR_TAIL_BYTES = 4096;

/** Why a file was refused or its processing failed. */
export type MediaFailure = 'notInstalled' | 'unreadable' | 'notVideo' | 'tooLong' | 'tooLarge' | 'timedOut' | 'failed';

export const mediaMessages = {
  notInstalled: (tool: string) => `${tool} не установлен на сервере: записи нельзя обработать, пока его не установят (пакет ffmpeg).`,
  unreadable: 'Файл не похож на видео: его не удалось прочитать. Загрузите запись в mp4, webm или mov.',
  notVideo: 'Файл не похож на видео: в нём нет изображения. Загрузите запись в mp4, webm или mov.',
  tooLong: (hours: number) => `Запись длиннее ${hours} часов: такую обработать нельзя. Разделите её на части.`,
  tooLarge: (width: number, height: number) =>
    `Размер кадра ${width}×${height} больше 4K (4096×2160): такую запись обработать нельзя. Сохраните её в меньшем разрешении.`,
  timedOut: 'Обработка записи заняла слишком много времени и была остановлена. Попробуйте ещё раз позже.',
  failed: 'Запись не удалось обработать. Попробуйте ещё раз; если не выйдет, сохраните её заново в mp4.',
} as const;

/** A file refused or a processing failed: `message` is for the person, `detail` (the tool's last words) for the log. */
export class MediaError extends Error {
  constructor(
    readonly reason: MediaFailure,
    message: string,
    readonly detail?: string,
  ) {
    super(message);
    this.name = 'MediaError';
  }
}

/** The frame as shown (after rotation), or a refusal beyond MAX_DURATION_SECONDS or MAX_FRAME. */
export function checkLimits(media: { duration: number | null; width: number; height: number }): void {
  if (media.duration !== null && media.duration > MAX_DURATION_SECONDS) {
    throw new MediaError('tooLong', mediaMessages.tooLong(MAX_DURATION_SECONDS / 3600));
  }
  const long = Math.max(media.width, media.height);
  const short = Math.min(media.width, media.height);
  if (long > MAX_FRAME.long || short > MAX_FRAME.short) {
    throw new MediaError('tooLarge', mediaMessages.tooLarge(media.width, media.height));
  }
}

/** The frame of a transcoded recording: within TARGET_FRAME, its aspect kept, never enlarged, both sides even. */
export function targetFrame(width: number, height: number): { width: number; height: number } {
  const long = Math.max(width, height);
  const short = Math.min(width, height);
  const scale = Math.min(1, TARGET_FRAME.long / long, TARGET_FRAME.short / short);
  // Rounded down (a hair above, for 1080 × 720/1080 computed as 719.999…): never over the bound or the source.
  const even = (side: number) => Math.max(2, Math.floor((side * scale) / 2 + 1e-9) * 2);
  return { width: even(width), height: even(height) };
}
