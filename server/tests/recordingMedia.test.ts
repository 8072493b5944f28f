// A recording read with ffprobe and made playable with ffmpeg (services/recordings/mediaTools.ts), on clips made by
// ffmpeg in a temporary folder.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { targetFrame } from '../src/services/recordings/mediaLimits.ts';
import { prepare, probe } from '../src/services/recordings/mediaTools.ts';
import { clips, codecsOf, ffprobe, refusal, topLevelBoxes } from './recordingMediaClips.ts';

let dir: string;
let outputs = 0;
const outputDir = () => {
  const out = path.join(dir, `out-${++outputs}`);
  mkdirSync(out);
  return out;
};
const duration = (file: string) => Number(ffprobe(file).format.duration);

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'recording-media-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function expectJpeg(file: string, width: number, height: number) {
  const bytes = readFileSync(file);
  expect([...bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
  expect(await sharp(bytes).metadata()).toMatchObject({ format: 'jpeg', width, height });
}

describe('probe', () => {
  it('reads the duration, size, container and codecs of an mp4 and a webm', async () => {
    const mp4 = clips.h264();
    expect(await probe(mp4)).toEqual({
      duration: expect.closeTo(2, 1) as number,
      size: readFileSync(mp4).length,
      container: 'mp4',
      video: { codec: 'h264', width: 1280, height: 720, pixelFormat: 'yuv420p' },
      audio: { codec: 'aac' },
    });
    const webm = await probe(clips.vp9());
    expect(webm).toMatchObject({ container: 'webm', video: { codec: 'vp9', width: 1280, height: 720 }, audio: { codec: 'opus' } });
    expect(Math.abs(webm.duration! - 2)).toBeLessThan(0.1);
    expect(await probe(clips.silent())).toMatchObject({ container: 'mov', audio: null });
  });

  it('refuses a text file named .mp4 and a sound without a picture, in Russian', async () => {
    // ffprobe guesses raw AMR-WB sound for the text, and reads nothing in an empty file: the same words for both.
    const text = await refusal(probe(clips.text()));
    expect(text.reason).toBe('notVideo');
    expect(text.message).toMatch(/^Файл не похож на видео/);
    const empty = await refusal(probe(clips.empty()));
    expect(empty.reason).toBe('unreadable');
    expect(empty.message).toMatch(/^Файл не похож на видео/);
    const sound = await refusal(probe(clips.soundOnly()));
    expect(sound.reason).toBe('notVideo');
    expect(sound.message).toMatch(/^Файл не похож на видео/);
  });

  it('refuses a recording over 10 hours and a frame over 4K', async () => {
    const long = await refusal(probe(clips.elevenHours()));
    expect(long).toMatchObject({ reason: 'tooLong', message: expect.stringContaining('длиннее 10 часов') as string });
    const large = await refusal(probe(clips.eightK()));
    expect(large).toMatchObject({ reason: 'tooLarge', message: expect.stringContaining('7680×4320 больше 4K') as string });
  });
});

describe('prepare', () => {
  it('only remuxes H.264 with AAC in mp4: the same codecs and length, its index (moov) now before the data', async () => {
    const input = clips.h264();
    const boxes = topLevelBoxes(input);
    expect(boxes.indexOf('moov')).toBeGreaterThan(boxes.indexOf('mdat'));
    const out = outputDir();
    const prepared = await prepare(input, out);
    expect(prepared).toMatchObject({ remuxed: true, video: path.join(out, 'video.mp4'), poster: path.join(out, 'poster.jpg') });
    const moved = topLevelBoxes(prepared.video);
    expect(moved.indexOf('moov')).toBeGreaterThanOrEqual(0);
    expect(moved.indexOf('moov')).toBeLessThan(moved.indexOf('mdat'));
    const read = ffprobe(prepared.video);
    expect(codecsOf(read)).toEqual({ video: 'h264', audio: 'aac' });
    expect(read.streams.find((stream) => stream.codec_type === 'video')).toMatchObject({ width: 1280, height: 720 });
    expect(Math.abs(duration(prepared.video) - duration(input))).toBeLessThan(0.1);
    expect(prepared.info).toMatchObject({ container: 'mp4', video: { codec: 'h264' }, size: readFileSync(prepared.video).length });
    await expectJpeg(prepared.poster, 1280, 720);
    expect(readdirSync(out).sort()).toEqual(['poster.jpg', 'video.mp4']);
  });

  it('remuxes H.264 without sound in a mov, and keeps it without sound', async () => {
    const prepared = await prepare(clips.silent(), outputDir());
    expect(prepared.remuxed).toBe(true);
    expect(codecsOf(ffprobe(prepared.video))).toEqual({ video: 'h264' });
  });

  it('reads a phone\'s rotation (the frame as shown) and keeps it when remuxing, the place and time left out', async () => {
    const input = clips.rotated();
    expect(ffprobe(input).format.tags).toHaveProperty('location');
    expect((await probe(input)).video).toMatchObject({ width: 360, height: 640 });
    const prepared = await prepare(input, outputDir());
    expect(prepared.remuxed).toBe(true);
    const video = ffprobe(prepared.video).streams.find((stream) => stream.codec_type === 'video')!;
    expect(video.side_data_list?.find((data) => data.rotation !== undefined)?.rotation).toBe(90);
    expect(ffprobe(prepared.video).format.tags).not.toHaveProperty('location');
    expect(prepared.info.video).toMatchObject({ width: 360, height: 640 });
    await expectJpeg(prepared.poster, 360, 640);
  });

  it('transcodes VP9 with Opus in webm to H.264 with AAC in mp4, its index first, the same length', async () => {
    const input = clips.vp9();
    const prepared = await prepare(input, outputDir());
    expect(prepared.remuxed).toBe(false);
    const read = ffprobe(prepared.video);
    expect(codecsOf(read)).toEqual({ video: 'h264', audio: 'aac' });
    expect(read.streams.find((stream) => stream.codec_type === 'video')).toMatchObject({ width: 1280, height: 720, pix_fmt: 'yuv420p' });
    const boxes = topLevelBoxes(prepared.video);
    expect(boxes.indexOf('moov')).toBeLessThan(boxes.indexOf('mdat'));
    expect(Math.abs(duration(prepared.video) - duration(input))).toBeLessThan(0.1);
    await expectJpeg(prepared.poster, 1280, 720);
  });

  it('transcodes 1080p HEVC down to 720p, and an upright video to 720 wide, both sides even', async () => {
    const wide = await prepare(clips.hevc1080(), outputDir());
    expect(wide.remuxed).toBe(false);
    const read = ffprobe(wide.video);
    expect(codecsOf(read)).toEqual({ video: 'h264', audio: 'aac' });
    expect(read.streams.find((stream) => stream.codec_type === 'video')).toMatchObject({ width: 1280, height: 720 });
    expect(Math.abs(duration(wide.video) - 2)).toBeLessThan(0.1);
    await expectJpeg(wide.poster, 1280, 720);

    const upright = await prepare(clips.portrait(), outputDir());
    expect(ffprobe(upright.video).streams.find((stream) => stream.codec_type === 'video')).toMatchObject({ width: 720, height: 1280 });
    expect(codecsOf(ffprobe(upright.video))).toEqual({ video: 'h264' });
    // Two clips made and two transcodes: on two cores shared with the rest of the suite this has taken over 30 s.
  }, 120_000);

  it('transcodes H.264 in 4:4:4, which browsers do not play, to 4:2:0', async () => {
    const prepared = await prepare(clips.h264Full(), outputDir());
    expect(prepared.remuxed).toBe(false);
    expect(ffprobe(prepared.video).streams.find((stream) => stream.codec_type === 'video')).toMatchObject({ codec_name: 'h264', pix_fmt: 'yuv420p' });
  });

  it('refuses what is not a video or is over the limits, leaving nothing in the output folder', async () => {
    for (const clip of [clips.text, clips.soundOnly, clips.eightK]) {
      const out = outputDir();
      await refusal(prepare(clip(), out));
      expect(readdirSync(out)).toEqual([]);
    }
  });
});

describe('targetFrame', () => {
  it('is at most 720p, keeps the aspect, never enlarges, and has even sides', () => {
    expect(targetFrame(1920, 1080)).toEqual({ width: 1280, height: 720 });
    expect(targetFrame(3840, 2160)).toEqual({ width: 1280, height: 720 });
    expect(targetFrame(1080, 1920)).toEqual({ width: 720, height: 1280 });
    expect(targetFrame(1440, 1080)).toEqual({ width: 960, height: 720 });
    expect(targetFrame(640, 360)).toEqual({ width: 640, height: 360 });
    expect(targetFrame(641, 359)).toEqual({ width: 640, height: 358 });
    expect(targetFrame(2560, 1080)).toEqual({ width: 1280, height: 540 });
  });
});
