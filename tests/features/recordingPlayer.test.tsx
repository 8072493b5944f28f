// The recording player (issue 34): asks for the signed address when opened, resumes where the person stopped, asks
// again a minute before the address ends and swaps it in where the video was, saves the position while playing, on
// pause and when the page goes away, and shows the server's refusal as it is.
import { act, fireEvent, render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { ThemeProvider } from 'styled-components';
import type { RecordingPlayback } from '../../common/recordings.ts';
import { theme } from '../../src/app/theme.ts';
import { RecordingPlayer } from '../../src/features/recordings/RecordingPlayer.tsx';
import { server } from '../support/server.ts';
import { storeSession } from '../support/tokens.ts';

const LESSON = 101;
const NAME = '1. Ритм и рифма';

function playback(overrides: Partial<RecordingPlayback> = {}): RecordingPlayback {
  return {
    url: '/media/recordings/101/g1.mp4?u=7&e=1&s=first',
    expiresAt: new Date(Date.now() + 10 * 60_000).toISOString(),
    poster: '/media/recordings/101/g1.jpg?u=7&e=1&s=first',
    duration: 3909,
    position: 0,
    availableUntil: null,
    ...overrides,
  };
}

/** Answers the address calls in turn (the last one again after), and records the positions saved. */
function answer(...answers: (RecordingPlayback | { status: number; detail: string })[]) {
  const calls = { addresses: 0, positions: [] as number[], keepalive: 0 };
  server.use(
    http.get(`*/api/v1/lessons/${LESSON}/recording/`, () => {
      const next = answers[Math.min(calls.addresses, answers.length - 1)]!;
      calls.addresses += 1;
      return 'status' in next ? HttpResponse.json({ detail: next.detail }, { status: next.status }) : HttpResponse.json(next);
    }),
    http.put(`*/api/v1/lessons/${LESSON}/recording/position/`, async ({ request }) => {
      calls.positions.push(((await request.json()) as { seconds: number }).seconds);
      if (request.keepalive) calls.keepalive += 1;
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return calls;
}

function renderPlayer() {
  return render(
    <ThemeProvider theme={theme}>
      <RecordingPlayer lessonId={LESSON} name={NAME} />
    </ThemeProvider>,
  );
}

const video = () => screen.getByLabelText(`Запись занятия ${NAME}`) as HTMLVideoElement;

/** jsdom plays nothing: play and pause set `paused` and send their events as a browser would. */
function mediaStandIns() {
  const setPaused = (element: HTMLMediaElement, paused: boolean) =>
    Object.defineProperty(element, 'paused', { value: paused, configurable: true });
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    setPaused(this, false);
    this.dispatchEvent(new Event('play'));
    return Promise.resolve();
  });
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (this: HTMLMediaElement) {
    setPaused(this, true);
    this.dispatchEvent(new Event('pause'));
  });
}

/** The video plays on to `seconds`, as its timeupdate events tell. */
function playTo(element: HTMLVideoElement, seconds: number) {
  element.currentTime = seconds;
  fireEvent.timeUpdate(element);
}

beforeEach(() => {
  storeSession();
  mediaStandIns();
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the recording player', () => {
  it('asks for the address, shows the video with its poster and native controls, and resumes at the saved position', async () => {
    const calls = answer(playback({ position: 754, availableUntil: '2026-12-12T20:59:59Z' }));
    renderPlayer();
    expect(screen.getByRole('status')).toHaveTextContent('Загружаем запись…');
    const player = (await screen.findByLabelText(`Запись занятия ${NAME}`)) as HTMLVideoElement;
    expect(calls.addresses).toBe(1);
    expect(player.tagName).toBe('VIDEO');
    expect(player).toHaveAttribute('src', playback().url);
    expect(player).toHaveAttribute('poster', playback().poster);
    expect(player).toHaveAttribute('controls');
    expect(player).toHaveAttribute('preload', 'metadata');
    expect(player).toHaveAttribute('playsinline');
    expect(screen.getByText('Продолжаем с 12:34, где вы остановились.')).toBeInTheDocument();
    expect(screen.getByText(/^Доступна до 1[23] декабря/)).toBeInTheDocument();
    // Once the browser knows the video, it goes to where the person stopped.
    fireEvent.loadedMetadata(player);
    expect(player.currentTime).toBe(754);
    // «Смотреть сначала» goes back to the start.
    fireEvent.click(screen.getByRole('button', { name: 'Смотреть сначала' }));
    expect(player.currentTime).toBe(0);
    expect(screen.queryByText(/Продолжаем с/)).toBeNull();
  });

  it('starts from the beginning when the saved position is at the end', async () => {
    answer(playback({ position: 3905 }));
    renderPlayer();
    const player = (await screen.findByLabelText(`Запись занятия ${NAME}`)) as HTMLVideoElement;
    fireEvent.loadedMetadata(player);
    expect(player.currentTime).toBe(0);
    expect(screen.queryByText(/Продолжаем с/)).toBeNull();
  });

  it('resumes a short recording too: only its last twentieth counts as the end', async () => {
    answer(playback({ duration: 12, position: 7 }));
    renderPlayer();
    const player = (await screen.findByLabelText(`Запись занятия ${NAME}`)) as HTMLVideoElement;
    fireEvent.loadedMetadata(player);
    expect(player.currentTime).toBe(7);
    expect(screen.getByText('Продолжаем с 0:07, где вы остановились.')).toBeInTheDocument();
  });

  it('keeps the note on «where you stopped» at that place, and lets it go once the person moves elsewhere', async () => {
    answer(playback({ position: 754 }));
    renderPlayer();
    const player = (await screen.findByLabelText(`Запись занятия ${NAME}`)) as HTMLVideoElement;
    fireEvent.loadedMetadata(player);
    // The resume's own seek.
    fireEvent.seeked(player);
    expect(screen.getByText('Продолжаем с 12:34, где вы остановились.')).toBeInTheDocument();
    // The person drags the bar back to the beginning of the chapter.
    player.currentTime = 600;
    fireEvent.seeked(player);
    expect(screen.queryByText(/Продолжаем с/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Смотреть сначала' })).toBeNull();
  });

  it('asks again a minute before the address ends and swaps it in at the same second, still playing', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    const first = playback();
    const second = playback({
      url: '/media/recordings/101/g1.mp4?u=7&e=2&s=second',
      expiresAt: new Date(Date.now() + 20 * 60_000).toISOString(),
    });
    const calls = answer(first, second);
    renderPlayer();
    const player = (await screen.findByLabelText(`Запись занятия ${NAME}`)) as HTMLVideoElement;
    fireEvent.loadedMetadata(player);
    await act(async () => {
      await player.play();
    });
    playTo(player, 312.5);

    // Eight and a half minutes on: not yet.
    await act(() => vi.advanceTimersByTimeAsync(8.5 * 60_000));
    expect(calls.addresses).toBe(1);
    expect(player).toHaveAttribute('src', first.url);
    // Nine minutes on (a minute before the end): the new address.
    await act(() => vi.advanceTimersByTimeAsync(31_000));
    expect(calls.addresses).toBe(2);
    expect(video()).toHaveAttribute('src', second.url);
    // The browser loads it from the start; the player puts it back where it was and plays on.
    vi.mocked(HTMLMediaElement.prototype.play).mockClear();
    player.currentTime = 0;
    fireEvent.loadedMetadata(video());
    expect(video().currentTime).toBe(312.5);
    expect(HTMLMediaElement.prototype.play).toHaveBeenCalledTimes(1);
    // And the next address is asked for a minute before the new one ends.
    await act(() => vi.advanceTimersByTimeAsync(18 * 60_000));
    expect(calls.addresses).toBe(3);
  });

  it('swaps in a new address of a paused video without playing it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    answer(playback(), playback({ url: '/media/recordings/101/g1.mp4?s=second' }));
    renderPlayer();
    const player = (await screen.findByLabelText(`Запись занятия ${NAME}`)) as HTMLVideoElement;
    fireEvent.loadedMetadata(player);
    playTo(player, 40);
    await act(() => vi.advanceTimersByTimeAsync(9 * 60_000 + 1000));
    expect(video()).toHaveAttribute('src', '/media/recordings/101/g1.mp4?s=second');
    fireEvent.loadedMetadata(video());
    expect(video().currentTime).toBe(40);
    expect(HTMLMediaElement.prototype.play).not.toHaveBeenCalled();
  });

  it('saves the position every 15 seconds while playing, on pause, at the end and when the page goes away', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    const calls = answer(playback());
    renderPlayer();
    const player = (await screen.findByLabelText(`Запись занятия ${NAME}`)) as HTMLVideoElement;
    fireEvent.loadedMetadata(player);
    await act(async () => {
      await player.play();
    });
    playTo(player, 14.2);
    await act(() => vi.advanceTimersByTimeAsync(15_000));
    playTo(player, 29.9);
    await act(() => vi.advanceTimersByTimeAsync(15_000));
    // The same second is not sent twice.
    await act(() => vi.advanceTimersByTimeAsync(15_000));
    await vi.waitFor(() => expect(calls.positions).toEqual([14, 29]));
    playTo(player, 47);
    act(() => player.pause());
    await vi.waitFor(() => expect(calls.positions).toEqual([14, 29, 47]));
    // Paused: nothing more every 15 seconds.
    await act(() => vi.advanceTimersByTimeAsync(45_000));
    expect(calls.positions).toEqual([14, 29, 47]);
    playTo(player, 3909);
    fireEvent.ended(player);
    await vi.waitFor(() => expect(calls.positions).toEqual([14, 29, 47, 3909]));
    // The page goes away: a keepalive request.
    playTo(player, 100);
    window.dispatchEvent(new Event('pagehide'));
    await vi.waitFor(() => expect(calls.positions).toEqual([14, 29, 47, 3909, 100]));
    expect(calls.keepalive).toBe(1);
  });

  it('moves 5 seconds with the arrows and plays and pauses with space when the video has focus', async () => {
    answer(playback());
    renderPlayer();
    const player = (await screen.findByLabelText(`Запись занятия ${NAME}`)) as HTMLVideoElement;
    fireEvent.loadedMetadata(player);
    player.focus();
    expect(player).toHaveFocus();
    playTo(player, 20);
    fireEvent.keyDown(player, { key: 'ArrowRight' });
    expect(player.currentTime).toBe(25);
    fireEvent.keyDown(player, { key: 'ArrowLeft' });
    fireEvent.keyDown(player, { key: 'ArrowLeft' });
    expect(player.currentTime).toBe(15);
    fireEvent.keyDown(player, { key: ' ' });
    expect(player.paused).toBe(false);
    fireEvent.keyDown(player, { key: ' ' });
    expect(player.paused).toBe(true);
  });

  it.each([
    [403, 'Запись доступна участникам этого занятия.'],
    [403, 'Запись была доступна до 12 декабря 2026 года.'],
    [404, 'У этого занятия нет записи.'],
  ])('shows a %i refusal’s detail as it is', async (status, detail) => {
    answer({ status, detail });
    renderPlayer();
    expect(await screen.findByRole('alert')).toHaveTextContent(detail);
    expect(screen.queryByLabelText(`Запись занятия ${NAME}`)).toBeNull();
  });
});
