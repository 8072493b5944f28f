// The player of a lesson's recording (issue 34), in its own lazily loaded chunk: the browser's own <video> with its
// controls, at a signed address that lives a few minutes. It asks for the address when opened, asks again a minute
// before it ends and swaps it in where the video was (playing or not), resumes where the person stopped, and keeps
// where they are every 15 seconds while playing and on pause, at the end and when the page goes away.
import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import styled from 'styled-components';
import { formatDuration, type RecordingPlayback } from '../../../common/recordings.ts';
import { isRequestError } from '../../api/requestError.ts';
import { getRecordingPlayback, saveRecordingPosition, saveRecordingPositionOnLeave } from './recordingApi.ts';

/** The address is asked for again this long before it ends. */
export const RENEW_BEFORE_MS = 60_000;
/** Never sooner than this after the last answer, whatever its end says (a clock far off, a very short address). */
const MIN_RENEW_DELAY_MS = 5_000;
/** After a network failure while renewing: the next try, as long as the current address still works. */
const RENEW_RETRY_MS = 15_000;
/** How often the position is saved while the video plays. */
export const SAVE_EVERY_MS = 15_000;
/** Seconds the ← and → keys move. */
const SEEK_STEP = 5;
/** A saved position this close to the end starts the recording from the beginning again. */
const END_MARGIN = 10;
/** Near the end: the last END_MARGIN seconds, or the last twentieth of a short recording. */
const endMargin = (duration: number) => Math.min(END_MARGIN, duration / 20);

type Load = { status: 'loading' } | { status: 'failed'; detail: string } | { status: 'ready'; playback: RecordingPlayback };

function failureText(error: unknown): string {
  if (!isRequestError(error)) return 'Не удалось открыть запись. Обновите страницу.';
  if (error.statusCode === 401) return 'Войдите на сайт, чтобы смотреть запись.';
  return error.message || 'Не удалось открыть запись. Обновите страницу.';
}

/** «12 декабря», with the year when it is not this one. */
function availableUntilText(iso: string): string {
  const date = new Date(iso);
  const sameYear = date.getFullYear() === new Date().getFullYear();
  return date.toLocaleDateString('ru-RU', { day: 'numeric', month: 'long', ...(sameYear ? {} : { year: 'numeric' }) });
}

/** play() answers a promise in browsers (refused without a gesture, or cut short by a new address): nothing to do. */
function startPlaying(video: HTMLVideoElement): void {
  try {
    const started = video.play() as Promise<void> | undefined;
    started?.catch(() => undefined);
  } catch {
    // Not playable here: the controls stay for the person to try.
  }
}

const Wrap = styled.div`
  margin: ${({ theme }) => theme.space(2)} 0 ${({ theme }) => theme.space(3)};
`;

const Video = styled.video`
  display: block;
  width: 100%;
  aspect-ratio: 16 / 9;
  max-height: 75vh;
  background: #000;
  border-radius: ${({ theme }) => theme.radius};

  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.primary};
    outline-offset: 2px;
  }
`;

const Waiting = styled.p`
  display: flex;
  align-items: center;
  justify-content: center;
  aspect-ratio: 16 / 9;
  max-height: 75vh;
  margin: 0;
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.paper};
  color: ${({ theme }) => theme.colors.muted};
`;

const Alert = styled.p`
  margin: 0;
  padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(4)};
  border-left: 4px solid ${({ theme }) => theme.colors.danger};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.paper};
`;

const Note = styled.p`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  gap: ${({ theme }) => theme.space(1)} ${({ theme }) => theme.space(3)};
  margin: ${({ theme }) => theme.space(2)} 0 0;
  font-size: ${({ theme }) => theme.fonts.sizes.small};
  color: ${({ theme }) => theme.colors.muted};
`;

const TextButton = styled.button.attrs({ type: 'button' })`
  padding: 0;
  border: 0;
  background: none;
  color: ${({ theme }) => theme.colors.primary};
  font: inherit;
  font-weight: 600;
  text-decoration: underline;
  cursor: pointer;
`;

interface RecordingPlayerProps {
  lessonId: number;
  /** «3. Название»: the video is named «Запись занятия 3. Название». */
  name: string;
}

export function RecordingPlayer({ lessonId, name }: RecordingPlayerProps) {
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [playing, setPlaying] = useState(false);
  const [resumedAt, setResumedAt] = useState<number | null>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  /** Where the video goes once its (new) address has loaded: the saved position at first, the old time on a swap. */
  const pending = useRef<{ time: number; play: boolean } | null>(null);
  /** The last second the video was seen at, and the last one saved. */
  const seen = useRef(0);
  const saved = useRef<number | null>(null);

  const save = useCallback(
    (leaving = false) => {
      const seconds = Math.floor(seen.current);
      // Nothing is known before the first answer; an unchanged second is not sent again.
      if (saved.current === null || seconds === saved.current) return;
      saved.current = seconds;
      (leaving ? saveRecordingPositionOnLeave : saveRecordingPosition)(lessonId, seconds);
    },
    [lessonId],
  );

  useEffect(() => {
    let live = true;
    getRecordingPlayback(lessonId).then(
      (playback) => {
        if (!live) return;
        const resume = playback.position > 0 && playback.position < playback.duration - endMargin(playback.duration) ? playback.position : 0;
        pending.current = resume > 0 ? { time: resume, play: false } : null;
        seen.current = resume;
        saved.current = Math.floor(playback.position);
        setResumedAt(resume > 0 ? resume : null);
        setLoad({ status: 'ready', playback });
      },
      (error: unknown) => {
        if (live) setLoad({ status: 'failed', detail: failureText(error) });
      },
    );
    return () => {
      live = false;
    };
  }, [lessonId]);

  // A minute before the address ends, a new one: swapped in where the video is, playing on if it was.
  const playback = load.status === 'ready' ? load.playback : null;
  useEffect(() => {
    if (!playback) return;
    const ends = Date.parse(playback.expiresAt);
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const renew = (delay: number) => {
      timer = setTimeout(() => {
        getRecordingPlayback(lessonId).then(
          (next) => {
            if (!live) return;
            const video = videoRef.current;
            if (video && next.url !== playback.url) pending.current = pending.current ?? { time: video.currentTime, play: !video.paused };
            setLoad({ status: 'ready', playback: next });
          },
          (error: unknown) => {
            if (!live) return;
            // A dropped connection: again shortly, while the current address still plays.
            if (isRequestError(error) && error.statusCode === 0 && ends - Date.now() > RENEW_RETRY_MS) {
              renew(RENEW_RETRY_MS);
              return;
            }
            save();
            setLoad({ status: 'failed', detail: failureText(error) });
          },
        );
      }, delay);
    };
    renew(Math.max(ends - RENEW_BEFORE_MS - Date.now(), MIN_RENEW_DELAY_MS));
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [playback, lessonId, save]);

  // While playing: saved every 15 seconds.
  useEffect(() => {
    if (!playing) return;
    const timer = setInterval(() => save(), SAVE_EVERY_MS);
    return () => clearInterval(timer);
  }, [playing, save]);

  // When the page goes away, and when the player is closed.
  useEffect(() => {
    const leave = () => save(true);
    window.addEventListener('pagehide', leave);
    return () => {
      window.removeEventListener('pagehide', leave);
      leave();
    };
  }, [save]);

  const onLoadedMetadata = () => {
    const video = videoRef.current;
    const target = pending.current;
    if (!video || !target) return;
    pending.current = null;
    video.currentTime = target.time;
    seen.current = target.time;
    if (target.play) startPlaying(video);
  };

  const onTimeUpdate = () => {
    if (videoRef.current && !pending.current) seen.current = videoRef.current.currentTime;
  };

  // The note «Продолжаем с …» is about the place it resumed at: a move elsewhere (the bar, the arrows) makes it stale.
  const onSeeked = () => {
    const video = videoRef.current;
    if (video && resumedAt !== null && Math.abs(video.currentTime - resumedAt) >= 1) setResumedAt(null);
  };

  const onStopped = () => {
    setPlaying(false);
    onTimeUpdate();
    if (!pending.current) save();
  };

  // Keys on the focused video, the same in every browser: space plays and pauses, the arrows move 5 seconds.
  const onKeyDown = (event: KeyboardEvent<HTMLVideoElement>) => {
    const video = event.currentTarget;
    if (event.target !== video || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === ' ') {
      event.preventDefault();
      if (video.paused) startPlaying(video);
      else video.pause();
    } else if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
      event.preventDefault();
      const step = event.key === 'ArrowLeft' ? -SEEK_STEP : SEEK_STEP;
      const end = Number.isFinite(video.duration) ? video.duration : (playback?.duration ?? Infinity);
      video.currentTime = Math.min(Math.max(0, video.currentTime + step), end);
      onTimeUpdate();
    }
  };

  const fromStart = () => {
    const video = videoRef.current;
    pending.current = null;
    if (video) video.currentTime = 0;
    seen.current = 0;
    setResumedAt(null);
  };

  if (load.status === 'loading') {
    return (
      <Wrap>
        <Waiting role="status">Загружаем запись…</Waiting>
      </Wrap>
    );
  }
  if (load.status === 'failed') {
    return (
      <Wrap>
        <Alert role="alert">{load.detail}</Alert>
      </Wrap>
    );
  }
  const { url, poster, availableUntil } = load.playback;
  return (
    <Wrap>
      <Video
        ref={videoRef}
        src={url}
        poster={poster || undefined}
        controls
        preload="metadata"
        playsInline
        tabIndex={0}
        aria-label={`Запись занятия ${name}`}
        onLoadedMetadata={onLoadedMetadata}
        onTimeUpdate={onTimeUpdate}
        onSeeked={onSeeked}
        onPlay={() => setPlaying(true)}
        onPause={onStopped}
        onEnded={onStopped}
        onKeyDown={onKeyDown}
      >
        {/*
          Captions: when a recording gets a captions file (WebVTT), it goes here, served at a signed address as the
          video is: <track kind="captions" srcLang="ru" label="Русские субтитры" src={captionsUrl} default />
        */}
        Ваш браузер не показывает видео: откройте страницу в другом браузере.
      </Video>
      {resumedAt !== null ? (
        <Note>
          <span>Продолжаем с {formatDuration(resumedAt)}, где вы остановились.</span>
          <TextButton onClick={fromStart}>Смотреть сначала</TextButton>
        </Note>
      ) : null}
      {availableUntil ? <Note>Доступна до {availableUntilText(availableUntil)}</Note> : null}
    </Wrap>
  );
}

export default RecordingPlayer;
