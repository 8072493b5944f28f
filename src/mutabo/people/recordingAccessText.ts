// The words of a person's access to a course's recordings (issue 34): «Запись доступна 30 дней после занятия».
import { pluralize, type PluralForms } from '../../../common/plural.ts';

export const DAY_FORMS: PluralForms = ['день', 'дня', 'дней'];

export const recordingWindowText = (days: number) => `Запись доступна ${pluralize(days, DAY_FORMS)} после занятия`;
