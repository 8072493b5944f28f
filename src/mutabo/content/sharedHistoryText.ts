// One entry of the shared content's history as the area writes it: when, who, and which fields changed.
import { SHARED_HISTORY_LABELS, type HistoryEntry, type SharedHistoryEntity } from '../../../common/mutabo/history.ts';

const dateTime = new Intl.DateTimeFormat('ru-RU', { dateStyle: 'short', timeStyle: 'short' });

const FIELD_LABELS: Record<string, string> = {
  source: 'источник',
  text: 'текст',
  course: 'курс',
  author: 'автор',
  authorAge: 'возраст',
  footer: 'подпись',
  title: 'название',
  categories: 'категории',
  courses: 'курсы',
  externalLink: 'внешняя ссылка',
  file: 'файл',
  name: 'название',
  firstName: 'имя',
  lastName: 'фамилия',
  genitive: 'имя в родительном падеже',
  gender: 'род',
  email: 'почта',
  description: 'о себе',
  quote: 'цитата',
  photo: 'фотография',
  inn: 'ИНН',
  ogrn: 'ОГРН',
  address: 'адрес',
  phone: 'телефон',
};

/** Short fields shown as «было → стало». */
const SHOWN_VALUES = new Set(['source', 'title', 'name', 'firstName', 'lastName', 'author', 'authorAge', 'inn', 'ogrn', 'phone']);

const record = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

const shown = (value: unknown) => (value === null || value === undefined || value === '' ? '—' : String(value));

function changes(entry: HistoryEntry): string {
  const before = record(entry.before);
  const after = record(entry.after);
  return Object.keys(after)
    .filter((field) => field in FIELD_LABELS && JSON.stringify(before[field]) !== JSON.stringify(after[field]))
    .map((field) => (SHOWN_VALUES.has(field) ? `${FIELD_LABELS[field]}: ${shown(before[field])} → ${shown(after[field])}` : FIELD_LABELS[field]!))
    .join('; ');
}

/** A person's written request answered in «Люди»: the record names the person by number only. */
function personRequestText(entry: HistoryEntry): string {
  const person = `человека № ${entry.entityId}`;
  if (entry.action === 'export') return `Выгружены данные ${person} по его запросу`;
  if (entry.action === 'delete') return `Удалены данные ${person} по его заявлению`;
  return `Данные ${person}: изменено`;
}

export function describeSharedEntry(entry: HistoryEntry): { when: string; who: string; what: string } {
  const at = new Date(entry.at);
  const label = SHARED_HISTORY_LABELS[entry.entity as SharedHistoryEntity] ?? 'Запись';
  const changed = changes(entry);
  const what =
    entry.action === 'create'
      ? `${label}: создано`
      : entry.action === 'delete'
        ? `${label}: удалено`
        : changed
          ? `${label}: изменено — ${changed}`
          : `${label}: изменено`;
  return { when: Number.isNaN(at.getTime()) ? entry.at : dateTime.format(at), who: entry.user?.name ?? 'неизвестно кто', what: entry.entity === 'person' ? personRequestText(entry) : what };
}
