// One entry of a course's history as the editor writes it: when, who, and what changed (before → after).
import type { HistoryEntry } from '../../../common/mutabo.ts';
import { COURSE_STATE_LABELS, LESSON_STATE_LABELS } from '../../../common/mutabo.ts';
import { timeZonePlace } from '../../../common/timeZones.ts';
import type { CourseState, LessonState } from '../../../common/wireTypes.ts';

const dateTime = new Intl.DateTimeFormat('ru-RU', { dateStyle: 'short', timeStyle: 'short' });

const FIELD_LABELS: Record<string, string> = {
  title: 'название',
  subtitle: 'подзаголовок',
  description: 'описание',
  authors: 'авторы',
  start: 'начало',
  end: 'окончание',
  disciplesAge: 'возраст участников',
  image: 'картинка',
  thumbnail: 'миниатюра',
  state: 'состояние',
  participantsLimit: 'количество мест',
  fullYear: 'весь учебный год',
  lessonsBlockSize: 'занятий в блоке',
  prices: 'цены',
  number: 'номер',
  content: 'содержание',
  duration: 'продолжительность',
  startsAt: 'время занятия',
  roomUrl: 'ссылка на комнату',
  recordingUrl: 'ссылка на запись',
  timeZone: 'часовой пояс',
};

/** Fields short enough to show as «было → стало». */
const SHOWN_VALUES = new Set(['title', 'state', 'start', 'end', 'participantsLimit', 'lessonsBlockSize', 'number', 'duration', 'startsAt', 'timeZone']);

const record = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

function shownValue(entity: HistoryEntry['entity'], field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (field === 'state') {
    const labels: Record<string, string> = entity === 'lesson' ? LESSON_STATE_LABELS : COURSE_STATE_LABELS;
    return labels[value as CourseState | LessonState] ?? String(value);
  }
  // A lesson's time in the reader's own zone (the history is read in the area, where the form names the course's).
  if (field === 'startsAt' && typeof value === 'string' && !Number.isNaN(Date.parse(value))) return dateTime.format(new Date(value));
  if (field === 'timeZone' && typeof value === 'string') return timeZonePlace(value);
  return String(value);
}

function changes(entry: HistoryEntry): string {
  const before = record(entry.before);
  const after = record(entry.after);
  const fields = Object.keys(after).filter(
    (field) => field !== 'version' && field in FIELD_LABELS && JSON.stringify(before[field]) !== JSON.stringify(after[field]),
  );
  return fields
    .map((field) =>
      SHOWN_VALUES.has(field)
        ? `${FIELD_LABELS[field]}: ${shownValue(entry.entity, field, before[field])} → ${shownValue(entry.entity, field, after[field])}`
        : FIELD_LABELS[field]!,
    )
    .join('; ');
}

function lessonName(entry: HistoryEntry): string {
  const title = record(entry.after).title ?? record(entry.before).title;
  if (typeof title !== 'string' || !title) return 'занятие';
  // A title that is itself a quotation («Ионыч») is not quoted twice.
  return title.startsWith('«') && title.endsWith('»') ? `занятие ${title}` : `занятие «${title}»`;
}

/** The authors of one side of an `authors` record: [{id, name}]. */
function authorList(value: unknown): { id: unknown; name: string }[] {
  const list = record(value).authors;
  if (!Array.isArray(list)) return [];
  return list.map((item) => record(item)).map((item) => ({ id: item.id, name: typeof item.name === 'string' && item.name ? item.name : `автор № ${String(item.id)}` }));
}

/** «Добавлен автор …; удалён автор …», from the names before and after. */
function authorsChange(entry: HistoryEntry): string {
  const before = authorList(entry.before);
  const after = authorList(entry.after);
  const added = after.filter((author) => !before.some((other) => other.id === author.id)).map((author) => author.name);
  const removed = before.filter((author) => !after.some((other) => other.id === author.id)).map((author) => author.name);
  const parts = [
    added.length === 0 ? '' : added.length === 1 ? `добавлен автор ${added[0]}` : `добавлены авторы ${added.join(', ')}`,
    removed.length === 0 ? '' : removed.length === 1 ? `удалён автор ${removed[0]}` : `удалены авторы ${removed.join(', ')}`,
  ].filter(Boolean);
  const text = parts.length > 0 ? parts.join('; ') : 'изменён порядок авторов';
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function what(entry: HistoryEntry): string {
  if (entry.entity === 'prices') return 'Изменены цены';
  if (entry.entity === 'authors') return authorsChange(entry);
  if (entry.entity === 'lesson') {
    const name = lessonName(entry);
    if (entry.action === 'create') return `Добавлено ${name}`;
    if (entry.action === 'delete') return `Удалено ${name}`;
    if (entry.action === 'reorder') return 'Изменён порядок занятий';
    const changed = changes(entry);
    return changed ? `Изменено ${name}: ${changed}` : `Изменено ${name}`;
  }
  if (entry.action === 'create') return 'Курс создан';
  if (entry.action === 'delete') return 'Курс удалён';
  if (entry.action === 'reorder') return 'Изменён порядок занятий';
  const changed = changes(entry);
  return changed ? `Изменено: ${changed}` : 'Курс изменён';
}

export function describeHistoryEntry(entry: HistoryEntry): { when: string; who: string; what: string } {
  const at = new Date(entry.at);
  return {
    when: Number.isNaN(at.getTime()) ? entry.at : dateTime.format(at),
    who: entry.user?.name ?? 'неизвестно кто',
    what: what(entry),
  };
}
