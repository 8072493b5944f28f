// The sections of the authors' area, in the order of its navigation.
import { areaPaths } from '../areaPaths.ts';

interface AreaSection {
  label: string;
  path: string;
  /** Marked current only at its own address, not at the addresses below it (the start page is the area's root). */
  end?: boolean;
}

export const areaSections: readonly AreaSection[] = [
  { label: 'Сводка', path: areaPaths.start, end: true },
  { label: 'Статистика', path: areaPaths.stats },
  { label: 'Курсы', path: areaPaths.courses },
  { label: 'Задания', path: areaPaths.homework },
  { label: 'Платежи', path: areaPaths.payments },
  { label: 'Промокоды', path: areaPaths.promoCodes },
  { label: 'Люди', path: areaPaths.people },
  { label: 'Цитаты', path: areaPaths.quotations },
  { label: 'Отзывы', path: areaPaths.feedback },
  { label: 'Библиотека', path: areaPaths.library },
  { label: 'Расписание', path: areaPaths.timetable },
  { label: 'Реквизиты продавца', path: areaPaths.seller },
  { label: 'Договор-оферта', path: areaPaths.offer },
  { label: 'Политика конфиденциальности', path: areaPaths.policy },
  { label: 'Моя страница автора', path: areaPaths.authorPage },
];
