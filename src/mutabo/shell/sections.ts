// The sections of the authors' area, in the order of its navigation; `built` is false until a section has its pages.
import { areaPaths } from '../areaPaths.ts';

export interface AreaSection {
  label: string;
  path: string;
  built: boolean;
  /** Marked current only at its own address, not at the addresses below it (the start page is the area's root). */
  end?: boolean;
}

export const areaSections: readonly AreaSection[] = [
  { label: 'Сводка', path: areaPaths.start, built: true, end: true },
  { label: 'Курсы', path: areaPaths.courses, built: true },
  { label: 'Платежи', path: areaPaths.payments, built: true },
  { label: 'Промокоды', path: areaPaths.promoCodes, built: true },
  { label: 'Люди', path: areaPaths.people, built: true },
  { label: 'Цитаты', path: areaPaths.quotations, built: true },
  { label: 'Отзывы', path: areaPaths.feedback, built: true },
  { label: 'Библиотека', path: areaPaths.library, built: true },
  { label: 'Расписание', path: areaPaths.timetable, built: true },
  { label: 'Реквизиты продавца', path: areaPaths.seller, built: true },
  { label: 'Договор-оферта', path: areaPaths.offer, built: true },
  { label: 'Политика конфиденциальности', path: areaPaths.policy, built: true },
  { label: 'Моя страница автора', path: areaPaths.authorPage, built: true },
];
