// A recorded lecture read with ffprobe and made playable in every browser with ffmpeg: H.264 with AAC in mp4 or mov
// is only rewritten with its index first (no re-encoding, minutes for hours of video); anything else is transcoded
// to H.264/AAC at most 720p. A poster JPEG is taken from about a tenth into it. docs/RECORDINGS.md, «Processing».
import { randomBytes } from 'node:crypto';
import { rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { checkLimits, MEDIA_TIME_LIMITS, MediaError, mediaMessages, targetFrame } from './mediaLimits.ts';
import { ffmpegTurn, runTool } from './mediaProcess.ts';

export interface MediaToolOptions {
  /** The ffmpeg binary: a name looked up on PATH or a path. */
  ffmpegPath?: string;
  ffprobePath?: string;
  /** Each overrides its MEDIA_TIME_LIMITS bound, in milliseconds. */
  probeTimeoutMs?: number;
  processTimeoutMs?: number;
  posterTimeoutMs?: number;
}

export interface MediaInfo {
  /** Seconds; null when the file does not say (a webm written by a browser may not). */
  duration: number | null;
  /** Bytes on disk. */
  size: number;
  /** 'mp4', 'mov', 'webm', 'matroska', or ffprobe's own name of the format. */
  container: string;
  video: {
    codec: string;
    /** As shown, after the rotation a phone records. */
    width: number;
    height: number;
    pixelFormat: string | null;
  };
  audio: { codec: string } | null;
}

interface ProbeStream {
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  pix_fmt?: string;
  duration?: string;
  disposition?: { attached_pic?: number };
  tags?: { rotate?: string };
  side_data_list?: { rotation?: number }[];
}

interface ProbeOutput {
  format?: { format_name?: string; duration?: string; tags?: { major_brand?: string } };
  streams?: ProbeStream[];
}

/** What ffprobe reads of the file: refused (MediaError) when it is not a video or is beyond the limits. */
export async function probe(file: string, options: MediaToolOptions = {}): Promise<MediaInfo> {
  const info = await readMedia(file, options);
  checkLimits({ duration: info.duration, ...info.video });
  return info;
}

async function readMedia(file: string, options: MediaToolOptions): Promise<MediaInfo> {
  const { size } = await stat(file);
  let output: ProbeOutput;
  try {
    const { stdout } = await runTool(
      options.ffprobePath ?? 'ffprobe',
      ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', '--', path.resolve(file)],
      options.probeTimeoutMs ?? MEDIA_TIME_LIMITS.probeMs,
    );
    output = JSON.parse(stdout) as ProbeOutput;
  } catch (error) {
    if (error instanceof MediaError && error.reason !== 'failed') throw error;
    const detail = error instanceof MediaError ? error.detail : error instanceof Error ? error.message : undefined;
    throw new MediaError('unreadable', mediaMessages.unreadable, detail);
  }
  const streams = output.streams ?? [];
  // A cover picture (an mp3's or an m4a's) is a video stream to ffprobe, but not a video.
  const video = streams.find((stream) => stream.codec_type === 'video' && !stream.disposition?.attached_pic && stream.width && stream.height);
  if (!output.format || !video) throw new MediaError(output.format ? 'notVideo' : 'unreadable', output.format ? mediaMessages.notVideo : mediaMessages.unreadable);
  const audio = streams.find((stream) => stream.codec_type === 'audio');
  const rotation = Number(video.side_data_list?.find((data) => data.rotation !== undefined)?.rotation ?? video.tags?.rotate ?? 0);
  const sideways = Math.abs(rotation) % 180 === 90;
  const duration = seconds(output.format.duration) ?? seconds(video.duration);
  return {
    duration,
    size,
    container: containerOf(output.format.format_name ?? '', output.format.tags?.major_brand),
    video: {
      codec: video.codec_name ?? 'unknown',
      width: sideways ? video.height! : video.width!,
      height: sideways ? video.width! : video.height!,
      pixelFormat: video.pix_fmt ?? null,
    },
    audio: audio ? { codec: audio.codec_name ?? 'unknown' } : null,
  };
}

function seconds(value: string | undefined): number | null {
  const number = Number(value);
  return value !== undefined && Number.isFinite(number) && number > 0 ? number : null;
}

function containerOf(formatName: string, majorBrand: string | undefined): string {
  const names = formatName.split(',');
  if (names.includes('mp4')) return majorBrand?.trim() === 'qt' ? 'mov' : 'mp4';
  if (names.includes('webm')) return 'webm';
  return names[0] || 'unknown';
}

/** Plays as it is in every browser: H.264 in 8-bit 4:2:0 (not High 10 or 4:4:4), AAC or silence, in mp4 or mov. */
export function isRemuxable(info: MediaInfo): boolean {
  return (
    (info.container === 'mp4' || info.container === 'mov') &&
    info.video.codec === 'h264' &&
    (info.video.pixelFormat === 'yuv420p' || info.video.pixelFormat === 'yuvj420p') &&
    (info.audio === null || info.audio.codec === 'aac')
  );
}

export interface PreparedMedia {
  /** The playable mp4, `video.mp4` in the output folder. */
  video: string;
  /** Its poster, `poster.jpg` in the output folder. */
  poster: string;
  /** True when only the container was rewritten; false when it was transcoded. */
  remuxed: boolean;
  /** The mp4 as ffprobe reads it. */
  info: MediaInfo;
}

export const PREPARED_NAMES = { video: 'video.mp4', poster: 'poster.jpg' } as const;

/**
 * Makes `input` playable in `outputDir` (which must exist): `video.mp4` with its index (moov) before its data, and
 * `poster.jpg`. Both are written under temporary names and renamed at the end: after a failure (a MediaError) neither
 * is there. One ffmpeg at a time in this process: a second call waits for the first to end.
 */
export function prepare(input: string, outputDir: string, options: MediaToolOptions = {}): Promise<PreparedMedia> {
  return ffmpegTurn.run(() => prepareNow(input, outputDir, options));
}

async function prepareNow(input: string, outputDir: string, options: MediaToolOptions): Promise<PreparedMedia> {
  const source = await probe(input, options);
  const remuxed = isRemuxable(source);
  const ffmpeg = options.ffmpegPath ?? 'ffmpeg';
  const temporary = `.${randomBytes(6).toString('hex')}.part`;
  const final = { video: path.resolve(outputDir, PREPARED_NAMES.video), poster: path.resolve(outputDir, PREPARED_NAMES.poster) };
  const parts = { video: final.video + temporary, poster: final.poster + temporary };
  const length = source.duration ?? 0;
  const processTimeoutMs =
    options.processTimeoutMs ??
    MEDIA_TIME_LIMITS.baseMs + length * (remuxed ? MEDIA_TIME_LIMITS.remuxPerSecondMs : MEDIA_TIME_LIMITS.transcodePerSecondMs);
  const frame = targetFrame(source.video.width, source.video.height);
  const common = ['-hide_banner', '-nostdin', '-nostats', '-loglevel', 'error', '-y'];
  // The first video (not a cover picture) and the first sound, if any; no metadata (a phone's place and time).
  const streams = ['-map', '0:V:0', '-map', '0:a:0?', '-map_metadata', '-1', '-map_chapters', '-1'];
  const encode = remuxed
    ? ['-c', 'copy']
    : [
        '-vf', `scale=${frame.width}:${frame.height},format=yuv420p`,
        '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23',
        '-c:a', 'aac', '-b:a', '128k', '-ac', '2',
      ];
  const renamed: string[] = [];
  try {
    await runTool(ffmpeg, [...common, '-i', path.resolve(input), ...streams, ...encode, '-movflags', '+faststart', '-f', 'mp4', parts.video], processTimeoutMs);
    const info = await readMedia(parts.video, options);
    await takePoster(ffmpeg, parts.video, parts.poster, info, options.posterTimeoutMs ?? MEDIA_TIME_LIMITS.posterMs);
    await rename(parts.poster, final.poster);
    renamed.push(final.poster);
    await rename(parts.video, final.video);
    return { video: final.video, poster: final.poster, remuxed, info: { ...info, size: (await stat(final.video)).size } };
  } catch (error) {
    await Promise.all([parts.video, parts.poster, ...renamed].map((file) => rm(file, { force: true })));
    throw error instanceof MediaError ? error : new MediaError('failed', mediaMessages.failed, error instanceof Error ? error.message : String(error));
  }
}

/** A JPEG of the frame about a tenth into the video (1 s in when its length is unknown), at most 720p. */
async function takePoster(ffmpeg: string, video: string, poster: string, info: MediaInfo, timeoutMs: number): Promise<void> {
  const frame = targetFrame(info.video.width, info.video.height);
  const at = info.duration === null ? 1 : info.duration * 0.1;
  const take = (seconds: number) =>
    runTool(
      ffmpeg,
      ['-hide_banner', '-nostdin', '-nostats', '-loglevel', 'error', '-y', '-ss', seconds.toFixed(3), '-i', video,
        '-map', '0:V:0', '-frames:v', '1', '-vf', `scale=${frame.width}:${frame.height}`, '-c:v', 'mjpeg', '-q:v', '3',
        '-f', 'image2', '-update', '1', poster],
      timeoutMs,
    );
  await take(at);
  // Past the end (a recording shorter than a second of unknown length), ffmpeg writes nothing: the first frame then.
  if ((await stat(poster).catch(() => null))?.size) return;
  await take(0);
  if (!(await stat(poster).catch(() => null))?.size) throw new MediaError('failed', mediaMessages.failed, 'ffmpeg wrote no poster frame');
}
