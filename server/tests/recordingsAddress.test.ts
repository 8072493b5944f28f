// The signed address of a recording's file: made for one person, lesson and file, valid at most 10 minutes; a
// tampered, expired, or another person's or lesson's address is refused.
import { describe, expect, it } from 'vitest';
import { checkRecordingAddress, RECORDING_ADDRESS_MAX_SECONDS, signRecordingAddress, type ReceivedRecordingAddress } from '../src/services/recordings/signedAddress.ts';

const SECRET = 'recording-secret-recording-secret-0123456789';
const NOW = new Date('2026-11-28T12:00:00Z');
const target = { userId: 17, lessonId: 42, file: 'g7f3a.mp4' };

/** What the route receives for an address path. */
function received(address: string): ReceivedRecordingAddress {
  const url = new URL(address, 'https://courses.example.org');
  const [, , , lessonId, file] = url.pathname.split('/');
  return { lessonId: lessonId!, file: file!, u: url.searchParams.get('u') ?? undefined, e: url.searchParams.get('e') ?? undefined, s: url.searchParams.get('s') ?? undefined };
}

const later = (seconds: number) => new Date(NOW.getTime() + seconds * 1000);

describe('signed recording addresses', () => {
  it('names the lesson and file in the path and the person, end and signature in the query', () => {
    const { path, expiresAt } = signRecordingAddress(SECRET, target, NOW);
    expect(path).toMatch(/^\/media\/recordings\/42\/g7f3a\.mp4\?u=17&e=\d+&s=[A-Za-z0-9_-]{43}$/);
    expect(expiresAt).toEqual(later(600));
    expect(checkRecordingAddress(SECRET, received(path), NOW)).toEqual({ ok: true, target, secondsLeft: 600 });
    expect(checkRecordingAddress(SECRET, received(path), later(599))).toEqual({ ok: true, target, secondsLeft: 1 });
  });

  it('lives at most 10 minutes, whatever is asked', () => {
    expect(RECORDING_ADDRESS_MAX_SECONDS).toBe(600);
    expect(signRecordingAddress(SECRET, target, NOW, 3600).expiresAt).toEqual(later(600));
    expect(signRecordingAddress(SECRET, target, NOW, 90).expiresAt).toEqual(later(90));
  });

  it('is refused once expired', () => {
    const { path } = signRecordingAddress(SECRET, target, NOW, 60);
    expect(checkRecordingAddress(SECRET, received(path), later(60))).toEqual({ ok: false, reason: 'expired' });
    expect(checkRecordingAddress(SECRET, received(path), later(3600))).toEqual({ ok: false, reason: 'expired' });
  });

  it("is refused for another person, lesson or file, with another secret, or with its end moved", () => {
    const address = received(signRecordingAddress(SECRET, target, NOW).path);
    const refused = (changed: Partial<ReceivedRecordingAddress>, secret = SECRET) => checkRecordingAddress(secret, { ...address, ...changed }, NOW);
    expect(refused({ u: '18' })).toEqual({ ok: false, reason: 'forged' });
    expect(refused({ lessonId: '43' })).toEqual({ ok: false, reason: 'forged' });
    expect(refused({ file: 'g7f3a.jpg' })).toEqual({ ok: false, reason: 'forged' });
    expect(refused({ file: 'other.mp4' })).toEqual({ ok: false, reason: 'forged' });
    expect(refused({ e: String(Number(address.e) + 60) })).toEqual({ ok: false, reason: 'forged' });
    expect(refused({}, `${SECRET}x`)).toEqual({ ok: false, reason: 'forged' });
  });

  it('is refused with a tampered signature, in any of its characters', () => {
    const address = received(signRecordingAddress(SECRET, target, NOW).path);
    const s = address.s as string;
    for (let i = 0; i < s.length; i++) {
      const tampered = s.slice(0, i) + (s[i] === 'A' ? 'B' : 'A') + s.slice(i + 1);
      expect(checkRecordingAddress(SECRET, { ...address, s: tampered }, NOW)).toEqual({ ok: false, reason: 'forged' });
    }
    expect(checkRecordingAddress(SECRET, { ...address, s: s.slice(0, 42) }, NOW)).toEqual({ ok: false, reason: 'forged' });
    expect(checkRecordingAddress(SECRET, { ...address, s: `${s}A` }, NOW)).toEqual({ ok: false, reason: 'forged' });
    expect(checkRecordingAddress(SECRET, { ...address, s: '' }, NOW)).toEqual({ ok: false, reason: 'forged' });
  });

  it('refuses an end further away than an address may live, even when signed (a process with a wrong clock)', () => {
    const farAhead = signRecordingAddress(SECRET, target, later(3600));
    expect(checkRecordingAddress(SECRET, received(farAhead.path), NOW)).toEqual({ ok: false, reason: 'forged' });
    // A clock a little ahead is tolerated.
    const slightlyAhead = signRecordingAddress(SECRET, target, later(30));
    expect(checkRecordingAddress(SECRET, received(slightlyAhead.path), NOW)).toMatchObject({ ok: true, secondsLeft: 600 });
  });

  it.each<[string, Partial<ReceivedRecordingAddress>]>([
    ['no person', { u: undefined }],
    ['no end', { e: undefined }],
    ['no signature', { s: undefined }],
    ['a repeated parameter', { u: ['17', '18'] }],
    ['a person that is no id', { u: '017' }],
    ['an end that is no number', { e: '1e9' }],
    ['a lesson that is no id', { lessonId: '42abc' }],
    ['a file of another kind', { file: 'g7f3a.exe' }],
    ['a file name leaving the folder', { file: '..%2Fx.mp4' }],
  ])('refuses an address with %s', (_name, changed) => {
    const address = received(signRecordingAddress(SECRET, target, NOW).path);
    expect(checkRecordingAddress(SECRET, { ...address, ...changed }, NOW)).toEqual({ ok: false, reason: 'malformed' });
  });

  it('refuses to sign a file name no address could carry', () => {
    expect(() => signRecordingAddress(SECRET, { ...target, file: '../x.mp4' }, NOW)).toThrow();
  });
});
