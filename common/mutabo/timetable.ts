// The timetable page as the authors edit it: `GET/PATCH /api/v1/mutabo/pages-content/timetable/`.
import { z } from 'zod';
import type { Timetable } from '../wireTypes.ts';
import { mutaboMessages as m, richTextField, titleField, versionField, type Versioned } from './fields.ts';

/**
 * `pages-content/timetable/`: the timetable page. Before the first save it answers `version` 0 with the default
 * name and an empty text; a PATCH with version 0 creates it.
 */
export interface MutaboTimetable extends Timetable, Versioned {}

export const DEFAULT_TIMETABLE_NAME = 'Расписание текущих занятий';

/** `PATCH /api/v1/mutabo/pages-content/timetable/`: `name` and `text` (draft-js raw, '' for none) plus the `version` read. */
export const timetablePatchSchema = z.object(
  { name: titleField.optional(), text: richTextField.optional(), version: versionField },
  { error: m.invalidBody },
);

export type TimetablePatchPayload = z.input<typeof timetablePatchSchema>;
export type TimetablePatch = z.output<typeof timetablePatchSchema>;
