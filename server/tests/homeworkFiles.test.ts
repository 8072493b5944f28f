// Issue 35, homework files (docs/HOMEWORK.md, «Files»): what a file is comes from its content, never its name; zips
// dressed as documents open under caps (a zip bomb is refused without being inflated whole); images are re-encoded
// without their metadata (EXIF GPS gone) and turned upright; names are cleaned and cut keeping their extension.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOMEWORK_FILE_NAME_MAX, homeworkMessages as hm, homeworkText } from '../../common/homework.ts';
import { checkHomeworkFile, cleanFileName, type FileCheck } from '../src/services/homework/answerFiles.ts';
import { docxFile, heicFile, jpegWithGps, lyingZipDocx, odtFile, pdfFile, pngFile, realHeic, zip, zipBombDocx } from './homeworkKit.ts';

let dir: string;
let counter = 0;

beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'webinar-courses-homework-files-'));
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

async function check(name: string, data: Buffer): Promise<FileCheck> {
  const file = path.join(dir, `${++counter}.part`);
  writeFileSync(file, data);
  return checkHomeworkFile({ name, path: file, size: data.length });
}

const kindOf = async (name: string, data: Buffer) => {
  const result = await check(name, data);
  return result.ok ? result.file.kind : result.message;
};

describe('what a file is', () => {
  it('knows each kind by its content, whatever its name says', async () => {
    expect(await kindOf('ответ.pdf', pdfFile())).toBe('pdf');
    expect(await kindOf('renamed.txt', pdfFile())).toBe('pdf');
    expect(await kindOf('ответ.docx', docxFile())).toBe('docx');
    expect(await kindOf('ответ.pdf', docxFile())).toBe('docx');
    expect(await kindOf('ответ.odt', odtFile())).toBe('odt');
    expect(await kindOf('notes.txt', Buffer.from('Первая строка.\nВторая строка.\n'))).toBe('txt');
    expect(await kindOf('photo.png', await jpegWithGps())).toBe('jpeg');
    expect(await kindOf('photo.jpg', await pngFile())).toBe('png');
  });

  it('turns a HEIC photo into a JPEG without its metadata where libheif converts it; keeps it as it came without it', async () => {
    const heic = await realHeic(dir);
    if (heic === null) {
      // No libheif-examples here: the photo is kept byte for byte, offered for download.
      expect(await kindOf('IMG_0001.HEIC', heicFile())).toBe('heic');
      return;
    }
    const result = await check('IMG_0001.HEIC', heic);
    if (!result.ok) throw new Error(result.message);
    expect(result.file).toMatchObject({ kind: 'jpeg', name: 'IMG_0001.jpg' });
    const stored = await sharp(await readFile(result.file.path)).metadata();
    expect(stored.format).toBe('jpeg');
    expect(stored.exif).toBeUndefined();
    // Upright: the 64×48 source had orientation 6.
    expect([stored.width, stored.height]).toEqual([48, 64]);
    // A file that only looks like HEIC does not convert: it is broken, not kept.
    expect(await kindOf('IMG_0002.HEIC', heicFile())).toBe(homeworkText(hm.fileBroken, { name: 'IMG_0002.HEIC' }));
  });

  it('refuses what is none of the kinds, naming the file', async () => {
    const fileKind = (name: string) => homeworkText(hm.fileKind, { name });
    // An executable named as a pdf; a zip of something else; text that is not UTF-8; text with NUL.
    expect(await kindOf('answer.pdf', Buffer.from('MZ\x90\x00\x03\x00\x00\x00program', 'latin1'))).toBe(fileKind('answer.pdf'));
    expect(await kindOf('archive.docx', zip([{ name: 'readme.txt', data: Buffer.from('hello') }]))).toBe(fileKind('archive.docx'));
    expect(await kindOf('latin1.txt', Buffer.from('caf\xe9 cr\xe8me', 'latin1'))).toBe(fileKind('latin1.txt'));
    expect(await kindOf('nul.txt', Buffer.from('a\x00b'))).toBe(fileKind('nul.txt'));
    // An odt zip whose mimetype is another ODF's (a spreadsheet) is no text document.
    const sheet = zip([{ name: 'mimetype', data: Buffer.from('application/vnd.oasis.opendocument.spreadsheet'), stored: true }]);
    expect(await kindOf('table.odt', sheet)).toBe(fileKind('table.odt'));
  });

  it('refuses a broken image, an empty file and a cut zip as broken', async () => {
    const broken = (name: string) => homeworkText(hm.fileBroken, { name });
    const jpeg = await jpegWithGps();
    expect(await kindOf('cut.jpg', jpeg.subarray(0, 40))).toBe(broken('cut.jpg'));
    expect(await kindOf('empty.txt', Buffer.alloc(0))).toBe(broken('empty.txt'));
    expect(await kindOf('cut.docx', docxFile().subarray(0, 60))).toBe(broken('cut.docx'));
  });

  it('refuses a zip bomb dressed as a docx without inflating it whole, and an entry that lies about its size', async () => {
    const bomb = zipBombDocx();
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const before = process.memoryUsage().arrayBuffers;
    const started = Date.now();
    expect(await kindOf('bomb.docx', bomb)).toBe(homeworkText(hm.fileBroken, { name: 'bomb.docx' }));
    expect(Date.now() - started).toBeLessThan(2000);
    // Nothing near the 150 MB inside was ever held.
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(50 * 1024 * 1024);
    expect(await kindOf('liar.docx', lyingZipDocx())).toBe(homeworkText(hm.fileBroken, { name: 'liar.docx' }));
  });
});

describe('images', () => {
  it('re-encodes a JPEG without its EXIF (no GPS, no camera) and upright by its orientation', async () => {
    const original = await jpegWithGps();
    const before = await sharp(original).metadata();
    expect(before.exif).toBeDefined();
    expect(before.exif!.toString('latin1')).toContain('TestCam');
    // The GPS IFD's pointer (tag 0x8825), in either byte order.
    expect(before.exif!.includes(Buffer.from([0x88, 0x25])) || before.exif!.includes(Buffer.from([0x25, 0x88]))).toBe(true);
    expect(before.orientation).toBe(6);
    const result = await check('photo.jpg', original);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const kept = await readFile(result.file.path);
    expect(result.file.size).toBe(kept.length);
    const after = await sharp(kept).metadata();
    expect(after.format).toBe('jpeg');
    expect(after.exif).toBeUndefined();
    expect(after.icc).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    // Turned upright: the 64×48 picture with orientation 6 is 48×64.
    expect([after.width, after.height]).toEqual([48, 64]);
    expect(kept.includes(Buffer.from('TestCam'))).toBe(false);
  });

  it('re-encodes a PNG without its metadata', async () => {
    const result = await check('scan.png', await pngFile());
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const after = await sharp(await readFile(result.file.path)).metadata();
    expect(after).toMatchObject({ format: 'png', width: 20, height: 10 });
    expect(after.exif).toBeUndefined();
  });
});

describe('names', () => {
  it('keeps the last path part without control characters', () => {
    expect(cleanFileName('../../etc/passwd', 'txt')).toBe('passwd');
    expect(cleanFileName('C:\\Users\\Петя\\Ответ.docx', 'docx')).toBe('Ответ.docx');
    expect(cleanFileName('evil\u202Efdp.exe', 'pdf')).toBe('evilfdp.exe');
    expect(cleanFileName('line\r\nbreak\t.pdf', 'pdf')).toBe('line break .pdf');
    expect(cleanFileName('   ', 'png')).toBe('файл.png');
    expect(cleanFileName('...', 'pdf')).toBe('файл.pdf');
  });

  it('cuts a long name to the limit keeping its extension', () => {
    const long = `${'я'.repeat(500)}.pdf`;
    const cut = cleanFileName(long, 'pdf');
    expect([...cut].length).toBe(HOMEWORK_FILE_NAME_MAX);
    expect(cut.endsWith('я.pdf')).toBe(true);
    expect(cleanFileName('short.pdf', 'pdf')).toBe('short.pdf');
  });
});
