// The words of the recording panel: the upload's progress line, the messages of a refused or broken upload, the
// state of a recording as a sentence, and the one check the form makes before sending (the file's extension, from the
// shared list; every limit is the server's to say).
import { formatBytes, formatDuration, RECORDING_EXTENSIONS, type MutaboLessonRecording } from '../../../../common/recordings.ts';

export const recordingTexts = {
  wrongType: `Загрузите видео в формате ${RECORDING_EXTENSIONS.join(', ')}.`,
  dropped: 'Связь с сервером прервалась. Нажмите «Продолжить» — загрузка пойдёт с того же места.',
  sessionEnded: 'Сеанс закончился. Войдите снова и выберите тот же файл — загрузка продолжится с того же места.',
  confirmDelete: 'Удалить запись? Участники больше не смогут её посмотреть.',
};

/** The extension check; null when the file may be sent. */
export function recordingFileRefusal(file: File): string | null {
  const extension = file.name.includes('.') ? file.name.slice(file.name.lastIndexOf('.') + 1).toLowerCase() : '';
  return (RECORDING_EXTENSIONS as readonly string[]).includes(extension) ? null : recordingTexts.wrongType;
}

/** The message under the field for an upload that stopped for good. */
export function uploadFailureMessage(status: number, message: string | null): string {
  if (message) return message;
  if (status === 0) return recordingTexts.dropped;
  if (status === 401) return recordingTexts.sessionEnded;
  if (status === 403) return 'Загружать запись могут только авторы курса.';
  if (status === 413) return 'Файл слишком большой.';
  if (status === 404) return 'Загрузка не найдена: выберите файл ещё раз.';
  return `Сервер не принял файл (ошибка ${status}). Попробуйте ещё раз.`;
}

/** «3 мин», «40 с», «1 ч 20 мин». */
export function timeLeftText(seconds: number): string {
  const total = Math.max(1, Math.round(seconds));
  if (total < 60) return `${total} с`;
  const minutes = Math.round(total / 60);
  if (minutes < 60) return `${minutes} мин`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `${hours} ч` : `${hours} ч ${rest} мин`;
}

/** «45 % · 12,5 МБ/с · осталось 3 мин»; speed in bytes a second, null while not yet measured. */
export function progressText(sent: number, total: number, speed: number | null): string {
  const percent = total > 0 ? Math.floor((sent / total) * 100) : 0;
  const parts = [`${percent}\u00a0%`];
  if (speed !== null && speed > 0) {
    parts.push(`${formatBytes(speed)}/с`);
    if (total > sent) parts.push(`осталось ${timeLeftText((total - sent) / speed)}`);
  }
  return parts.join(' · ');
}

/** «1:05:09, 1,2 ГБ». */
export function recordingFacts(duration: number | null, size: number | null): string {
  return [duration !== null ? formatDuration(duration) : '', size !== null ? formatBytes(size) : ''].filter(Boolean).join(', ');
}

/** What the live region says when the recording's state changes. */
export function stateAnnouncement(recording: MutaboLessonRecording): string {
  switch (recording.state) {
    case 'none':
      return 'Записи нет.';
    case 'uploading':
      return 'Запись загружается.';
    case 'processing':
      return 'Файл загружен, запись обрабатывается.';
    case 'ready':
      return `Запись готова: ${recordingFacts(recording.duration, recording.size)}.`;
    case 'failed':
      return `Обработать запись не удалось. ${recording.reason}`;
  }
}
