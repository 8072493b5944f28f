// «Запись занятия» in the lesson editor (issue 34): the lesson's uploaded recording and its way there. A file is
// sent with tus (tusUpload.ts) with a progress bar, speed and time left, «Пауза»/«Продолжить» and «Отменить»; then
// the lesson is read again every few seconds while the server processes it; a ready recording shows its length and
// size with «Заменить запись» and «Удалить запись» (asked first), a failed one its reason and «Повторить обработку».
// Each change of state is announced; the server's refusals show under the field.
import { useCallback, useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import styled from 'styled-components';
import { NO_RECORDING, RECORDING_ACCEPT, type MutaboLessonRecording, type RecordingState } from '../../../../common/recordings.ts';
import type { MutaboLesson } from '../../../../common/mutabo/lessons.ts';
import { isRequestError } from '../../../api/requestError.ts';
import { Button } from '../../../components/Button.ts';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { FieldError } from '../../../components/form/fields.tsx';
import { InlineSpinner } from '../../../components/InlineSpinner.ts';
import { LoadingButton } from '../../../components/form/LoadingButton.tsx';
import { VisuallyHidden } from '../../../components/VisuallyHidden.ts';
import { useRunMutation } from '../../../data/mutation.ts';
import { getLesson } from '../../api.ts';
import { Muted, Panel, RowActions } from '../../shell/areaParts.ts';
import { deleteRecording, retryRecording } from './recordingApi.ts';
import { progressText, recordingFacts, recordingFileRefusal, recordingTexts, stateAnnouncement } from './recordingText.ts';
import { createRecordingUpload, terminateUpload, type RecordingUpload } from './tusUpload.ts';

/** How often the lesson is read again while its recording is on its way, ms. */
export const RECORDING_POLL_MS = 3000;

const Facts = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(3)};
  overflow-wrap: anywhere;
`;

/** A line with the spinner before it, while the server works. */
const Working = styled(Facts)`
  display: flex;
  align-items: center;
`;

const ProgressRow = styled.div`
  margin-bottom: ${({ theme }) => theme.space(3)};

  progress {
    display: block;
    width: 100%;
    max-width: 480px;
    height: 12px;
    margin-bottom: ${({ theme }) => theme.space(1)};
    accent-color: ${({ theme }) => theme.colors.primary};
  }
`;

const ProgressLine = styled.p`
  margin: 0;
  font-variant-numeric: tabular-nums;
`;

/** A file input that looks and acts as a button: the input itself takes the focus (Tab) and opens with Enter/Space. */
const FileButton = styled.label<{ $variant?: 'primary' | 'secondary' }>`
  position: relative;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  min-height: 44px;
  padding: 0 ${({ theme }) => theme.space(4)};
  border: 2px solid ${({ theme }) => theme.colors.primary};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme, $variant = 'primary' }) => ($variant === 'primary' ? theme.colors.primary : 'transparent')};
  color: ${({ theme, $variant = 'primary' }) => ($variant === 'primary' ? theme.colors.onPrimary : theme.colors.primary)};
  font-weight: 600;
  cursor: pointer;

  &:focus-within {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }

  input {
    position: absolute;
    inset: 0;
    width: 1px;
    height: 1px;
    opacity: 0;
  }
`;

const Actions = styled(RowActions)`
  align-items: center;
  margin-bottom: ${({ theme }) => theme.space(2)};
`;

interface Sending {
  fileName: string;
  sent: number;
  total: number;
  /** Bytes a second over the last seconds; null until measured. */
  speed: number | null;
  paused: boolean;
}

interface RecordingPanelProps {
  lesson: MutaboLesson;
  /** Reads the lesson again (its `recording` says where the recording is). */
  reload: () => Promise<MutaboLesson | undefined>;
}

/** Bytes a second from the progress of the last ten seconds. */
function useSpeed() {
  const samples = useRef<{ at: number; sent: number }[]>([]);
  const reset = useCallback(() => {
    samples.current = [];
  }, []);
  const measure = useCallback((sent: number): number | null => {
    const now = performance.now();
    const list = samples.current.filter((sample) => now - sample.at <= 10_000 && sample.sent <= sent);
    list.push({ at: now, sent });
    samples.current = list;
    const first = list[0]!;
    const seconds = (now - first.at) / 1000;
    return seconds >= 1 ? (sent - first.sent) / seconds : null;
  }, []);
  return { reset, measure };
}

export function RecordingPanel({ lesson, reload }: RecordingPanelProps) {
  const mutate = useRunMutation();
  // A server without recordings yet answers lessons without the field.
  const recording: MutaboLessonRecording = lesson.recording ?? NO_RECORDING;
  const [sending, setSending] = useState<Sending | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState<'retry' | 'delete' | 'cancel' | null>(null);
  const upload = useRef<RecordingUpload | null>(null);
  const speed = useSpeed();
  const errorId = useId();
  const headingId = useId();
  const lessonId = lesson.id;

  const renew = useCallback(() => getLesson(lessonId), [lessonId]);

  // A new state of the recording is announced (not the one the page opens with, nor one an action here has announced).
  const shownState = useRef(recording.state);
  const announced = useRef<RecordingState | null>(null);
  useEffect(() => {
    if (shownState.current === recording.state) return;
    shownState.current = recording.state;
    if (announced.current === recording.state) {
      announced.current = null;
      return;
    }
    setAnnouncement(stateAnnouncement(recording));
  }, [recording]);
  /** Says what an action did; the state it leads to is then not announced again. */
  const announce = (text: string, leadsTo: RecordingState | null = null) => {
    announced.current = leadsTo;
    setAnnouncement(text);
  };

  // While the server has it on its way (processing, or an upload this page is not sending), the lesson is read again.
  const waiting = recording.state === 'processing' || (recording.state === 'uploading' && sending === null);
  useEffect(() => {
    if (!waiting) return;
    const timer = window.setInterval(() => void reload(), RECORDING_POLL_MS);
    return () => window.clearInterval(timer);
  }, [waiting, reload]);

  // Leaving the page pauses the upload (a later choice of the same file goes on from there); closing the tab asks first.
  useEffect(() => {
    if (sending === null || sending.paused) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [sending]);
  useEffect(
    () => () => {
      void upload.current?.pause();
    },
    [],
  );

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const refusal = recordingFileRefusal(file);
    setError(refusal);
    if (refusal) return;
    speed.reset();
    setSending({ fileName: file.name, sent: 0, total: file.size, speed: null, paused: false });
    announce(`Загрузка «${file.name}» началась.`, 'uploading');
    const unfinished = recording.state === 'uploading' && recording.uploadUrl ? { url: recording.uploadUrl, fileName: recording.fileName, size: recording.size } : null;
    const started = createRecordingUpload(
      { lessonId, file, unfinished, renew },
      {
        onProgress: (sent, total) => {
          const rate = speed.measure(sent);
          setSending((current) => (current ? { ...current, sent, total, speed: rate ?? current.speed } : current));
        },
        onSuccess: () => {
          upload.current = null;
          setSending(null);
          announce('Файл загружен, запись обрабатывается.', 'processing');
          void mutate(() => reload(), { invalidates: ['courses'] });
        },
        onError: (message) => {
          setError(message);
          // A dropped connection keeps what was sent: «Продолжить» goes on; a refusal ends the upload.
          if (message === recordingTexts.dropped) {
            setSending((current) => (current ? { ...current, paused: true, speed: null } : current));
            return;
          }
          upload.current = null;
          setSending(null);
          void reload();
        },
      },
    );
    upload.current = started;
    void started.start();
  };

  const pause = () => {
    void upload.current?.pause();
    speed.reset();
    setSending((current) => (current ? { ...current, paused: true, speed: null } : current));
    announce('Загрузка приостановлена.');
  };

  const resume = () => {
    setError(null);
    speed.reset();
    upload.current?.resume();
    setSending((current) => (current ? { ...current, paused: false } : current));
    announce('Загрузка продолжается.');
  };

  const cancel = async () => {
    setBusy('cancel');
    setError(null);
    try {
      if (upload.current) await upload.current.cancel();
      else if (recording.uploadUrl) await terminateUpload(recording.uploadUrl, renew);
    } finally {
      upload.current = null;
      setSending(null);
      setBusy(null);
      announce('Загрузка отменена.', 'none');
      void mutate(() => reload(), { invalidates: ['courses'] });
    }
  };

  const act = async (kind: 'retry' | 'delete') => {
    setBusy(kind);
    setError(null);
    try {
      await mutate(() => (kind === 'retry' ? retryRecording(lessonId) : deleteRecording(lessonId)), { invalidates: ['courses'] });
      announce(kind === 'retry' ? 'Запись снова обрабатывается.' : 'Запись удалена.', kind === 'retry' ? 'processing' : 'none');
      await reload();
    } catch (caught) {
      if (!isRequestError(caught)) throw caught;
      setError(caught.byFields.recording ?? caught.message);
    } finally {
      setBusy(null);
      setAsking(false);
    }
  };

  const fileInput = (label: string, variant: 'primary' | 'secondary' = 'primary') => (
    <FileButton $variant={variant}>
      {label}
      <input type="file" accept={RECORDING_ACCEPT} aria-describedby={error ? errorId : undefined} onChange={choose} />
    </FileButton>
  );

  let body;
  if (sending) {
    body = (
      <>
        <Facts>«{sending.fileName}»</Facts>
        <ProgressRow>
          <progress max={sending.total || 1} value={sending.sent} aria-label={`Загрузка «${sending.fileName}»`} />
          <ProgressLine>
            {sending.paused ? `Пауза · ${progressText(sending.sent, sending.total, null)}` : progressText(sending.sent, sending.total, sending.speed)}
          </ProgressLine>
        </ProgressRow>
        <Actions>
          {sending.paused ? (
            <Button type="button" onClick={resume}>
              Продолжить
            </Button>
          ) : (
            <Button type="button" $variant="secondary" onClick={pause}>
              Пауза
            </Button>
          )}
          <LoadingButton type="button" $variant="secondary" loading={busy === 'cancel'} onClick={() => void cancel()}>
            Отменить
          </LoadingButton>
        </Actions>
        {!sending.paused ? <Muted>Не закрывайте страницу, пока файл загружается. Если связь прервётся, загрузка продолжится с того же места.</Muted> : null}
      </>
    );
  } else if (recording.state === 'uploading') {
    body = (
      <>
        <Facts>
          Загрузка «{recording.fileName}» не закончена. Чтобы продолжить с того же места, выберите тот же файл.
        </Facts>
        <Actions>
          {fileInput('Продолжить загрузку')}
          <LoadingButton type="button" $variant="secondary" loading={busy === 'cancel'} onClick={() => void cancel()}>
            Отменить загрузку
          </LoadingButton>
        </Actions>
      </>
    );
  } else if (recording.state === 'processing') {
    body = (
      <Working>
        <InlineSpinner />
        <span>Обрабатывается… Это займёт несколько минут; страницу можно закрыть.</span>
      </Working>
    );
  } else if (recording.state === 'ready') {
    body = (
      <>
        <Facts>
          Запись готова: {recordingFacts(recording.duration, recording.size)}
          {recording.fileName ? ` («${recording.fileName}»)` : ''}. Её видят участники, допущенные к занятию.
        </Facts>
        <Actions>
          {fileInput('Заменить запись', 'secondary')}
          <Button type="button" $variant="secondary" onClick={() => setAsking(true)}>
            Удалить запись
          </Button>
        </Actions>
      </>
    );
  } else if (recording.state === 'failed') {
    body = (
      <>
        <Facts>
          Обработать запись{recording.fileName ? ` «${recording.fileName}»` : ''} не удалось: {recording.reason || 'причина неизвестна.'}
        </Facts>
        <Actions>
          <LoadingButton type="button" loading={busy === 'retry'} onClick={() => void act('retry')}>
            Повторить обработку
          </LoadingButton>
          {fileInput('Загрузить другой файл', 'secondary')}
          <Button type="button" $variant="secondary" onClick={() => setAsking(true)}>
            Удалить запись
          </Button>
        </Actions>
      </>
    );
  } else {
    body = (
      <>
        <Facts>Записи пока нет. Видео в формате mp4, webm или mov: участники посмотрят его здесь, на сайте.</Facts>
        <Actions>{fileInput('Загрузить запись')}</Actions>
      </>
    );
  }

  const replaces = recording.replaces && recording.state !== 'ready' && recording.state !== 'none' ? recording.replaces : null;
  return (
    <Panel aria-labelledby={headingId}>
      <h2 id={headingId}>Запись занятия</h2>
      <VisuallyHidden role="status" aria-live="polite">
        {announcement}
      </VisuallyHidden>
      {body}
      {replaces ? (
        <Muted>
          Пока новая запись не готова, участники смотрят прежнюю ({recordingFacts(replaces.duration, replaces.size)}).
        </Muted>
      ) : null}
      {error ? (
        <FieldError id={errorId} role="alert">
          {error}
        </FieldError>
      ) : null}
      <ConfirmDialog
        open={asking}
        title="Удалить запись?"
        message="Участники больше не смогут её посмотреть."
        confirmLabel="Удалить запись"
        cancelLabel="Отмена"
        busy={busy === 'delete'}
        onConfirm={() => void act('delete')}
        onClose={() => setAsking(false)}
      />
    </Panel>
  );
}
