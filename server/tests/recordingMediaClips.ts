// Short clips for the recordings' processing tests, made by ffmpeg itself, and readers of what came out.
import { execFileSync } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { MediaError } from '../src/services/recordings/mediaLimits.ts';

const ffmpeg = (args: string[]) => execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
const picture = (size: string, rate = 25) => ['-f', 'lavfi', '-i', `testsrc=size=${size}:rate=${rate}`];
const sound = ['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000'];

// Made once for every test file and run on this machine (the 8K frame and the HEVC clip alone took seconds of both
// cores each time they were made): a clip is named after what ffmpeg was asked, so a changed recipe makes a new file,
// and is written under a name of its own then renamed, so two files making it at once both find it whole.
const CACHE = path.join(os.tmpdir(), 'webinar-courses-test-clips');

/** The clips, by what they are; read them, never change them (they are shared by every file and run). */
export const clips = {
  /** H.264 (4:2:0) and AAC in mp4, 1280×720, 2 s, its index at the end (written without faststart). */
  h264: () => make('h264-aac.mp4', [...picture('1280x720'), ...sound, '-t', '2', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac']),
  /** The same without sound. */
  silent: () => make('h264-silent.mov', [...picture('1280x720'), '-t', '2', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p']),
  /** H.264 in 4:4:4, which browsers do not play. */
  h264Full: () => make('h264-444.mp4', [...picture('640x360'), ...sound, '-t', '2', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv444p', '-c:a', 'aac']),
  /** VP9 and Opus in webm, 1280×720, 2 s. */
  vp9: () => make('vp9-opus.webm', [...picture('1280x720'), ...sound, '-t', '2', '-c:v', 'libvpx-vp9', '-deadline', 'realtime', '-cpu-used', '8', '-c:a', 'libopus']),
  /** HEVC and AAC in mp4, 1920×1080, 2 s. */
  hevc1080: () => make('hevc-1080.mp4', [...picture('1920x1080'), ...sound, '-t', '2', '-c:v', 'libx265', '-preset', 'ultrafast', '-x265-params', 'log-level=error', '-tag:v', 'hvc1', '-c:a', 'aac']),
  /** Upright 1080×1920 VP8 (a phone held upright), 1 s. */
  portrait: () => make('portrait.webm', [...picture('1080x1920'), '-t', '1', '-c:v', 'libvpx', '-deadline', 'realtime', '-cpu-used', '8']),
  /** H.264 stored 640×360 and marked to be shown turned by 90° (as a phone records it held upright), with a place, 1 s. */
  rotated: () => {
    const stored = make('rotated-source.mp4', [...picture('640x360'), '-t', '1', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p']);
    return make('rotated.mp4', ['-i', stored, '-c', 'copy', '-metadata:s:v:0', 'rotate=90', '-metadata', 'location=+55.7558+037.6173/']);
  },
  /** 11 hours of black at one frame an hour: a few kilobytes. */
  elevenHours: () => make('eleven-hours.mp4', ['-f', 'lavfi', '-i', 'color=c=black:s=64x64:r=1/3600', '-t', '39600', '-c:v', 'libx264', '-pix_fmt', 'yuv420p']),
  /** One 8K frame. */
  eightK: () => make('eight-k.mp4', ['-f', 'lavfi', '-i', 'color=c=black:s=7680x4320:r=1', '-t', '1', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p']),
  /** Sound only, AAC in m4a. */
  soundOnly: () => make('sound.m4a', [...sound, '-t', '2', '-c:a', 'aac']),
  /** Nothing, named .webm. */
  empty: () => write('empty.webm', ''),
  /** Text renamed to .mp4. */
  text: () => write('notes.mp4', 'Конспект лекции, а не видео.\n'.repeat(200)),
};

function cached(name: string, recipe: string, create: (file: string) => void): string {
  const extension = path.extname(name);
  const stem = `${path.basename(name, extension)}-${createHash('sha256').update(recipe).digest('hex').slice(0, 12)}`;
  const file = path.join(CACHE, `${stem}${extension}`);
  if (existsSync(file)) return file;
  mkdirSync(CACHE, { recursive: true });
  // The extension stays last: ffmpeg picks the container by it.
  const part = path.join(CACHE, `${stem}.${process.pid}-${randomUUID().slice(0, 8)}.part${extension}`);
  create(part);
  renameSync(part, file);
  return file;
}

const make = (name: string, args: string[]) => cached(name, JSON.stringify(args), (file) => ffmpeg([...args, file]));
const write = (name: string, text: string) => cached(name, text, (file) => writeFileSync(file, text));

/** The types of an mp4's top-level boxes, in the order they are in the file. */
export function topLevelBoxes(file: string): string[] {
  const bytes = readFileSync(file);
  const boxes: string[] = [];
  for (let at = 0; at + 8 <= bytes.length; ) {
    let size = bytes.readUInt32BE(at);
    boxes.push(bytes.toString('latin1', at + 4, at + 8));
    if (size === 1) size = Number(bytes.readBigUInt64BE(at + 8));
    else if (size === 0) size = bytes.length - at;
    if (size < 8) throw new Error(`a box of ${size} bytes at ${at}`);
    at += size;
  }
  return boxes;
}

export interface Probed {
  format: { duration?: string; format_name: string; tags?: Record<string, string> };
  streams: { codec_type: string; codec_name: string; width?: number; height?: number; pix_fmt?: string; side_data_list?: { rotation?: number }[] }[];
}

/** ffprobe's own reading of a file, apart from the code under test. */
export function ffprobe(file: string): Probed {
  return JSON.parse(execFileSync('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file], { encoding: 'utf8' })) as Probed;
}

export const codecsOf = (probed: Probed) => Object.fromEntries(probed.streams.map((stream) => [stream.codec_type, stream.codec_name]));

/** The error a promise is rejected with: a MediaError. */
export async function refusal(promise: Promise<unknown>): Promise<MediaError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(MediaError);
  return error as MediaError;
}
