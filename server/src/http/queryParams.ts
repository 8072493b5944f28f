// Zod pieces for path and query parameters: integers arrive as strings and leave as numbers, with Russian messages.
import { z } from 'zod';
import { MAX_ID } from '../../../common/ids.ts';
import { messages } from './messages.ts';

export { MAX_ID };

/** A whole number written with digits only, within [min, max]; one message for every way it can be wrong. */
export function integerParam(min: number, max: number, message: string) {
  return z
    .string({ error: message })
    .trim()
    .regex(/^\d{1,10}$/, { error: message })
    .transform(Number)
    .refine((value) => value >= min && value <= max, { error: message });
}

/** `1,2,3` as [1, 2, 3]; an empty value means no filter. */
export function idListParam(message: string) {
  return z
    .string({ error: message })
    .trim()
    .refine((value) => value === '' || /^\d{1,10}(,\d{1,10}){0,99}$/.test(value.replace(/\s+/g, '')), { error: message })
    .transform((value) => (value === '' ? [] : [...new Set(value.replace(/\s+/g, '').split(',').map(Number))]))
    .refine((ids) => ids.every((id) => id >= 1 && id <= MAX_ID), { error: message });
}

export const idParams = z.object({ id: integerParam(1, MAX_ID, messages.notFound) });

const pageMessage = 'Номер страницы должен быть целым числом от 1 до 1 000 000.';
export const pageParam = integerParam(1, 1_000_000, pageMessage);
