// The library in the authors' area: its items (`/api/v1/mutabo/library-items/`) and categories
// (`/api/v1/mutabo/library-categories/`).
import { z } from 'zod';
import { isSitePath } from '../sitePaths.ts';
import type { LibraryCategory, LibraryItem } from '../wireTypes.ts';
import { idList, isRecord, MAX_URL_LENGTH, mutaboMessages as m, stringField, titleField, versionField, type Versioned } from './fields.ts';
import { MAX_CATEGORY_NAME_LENGTH, MAX_NAME_LENGTH, sharedContentMessages as s, type MutaboListQuery } from './sharedContent.ts';

/** `GET /api/v1/mutabo/library-items/`: also the items of one category and/or one course. */
export interface MutaboLibraryItemsQuery extends MutaboListQuery {
  category?: number;
  course?: number;
}

/** `library-items/`, `library-items/{id}/`: `courses` includes draft courses here. */
export interface MutaboLibraryItem extends LibraryItem, Versioned {}

/** `library-categories/` (a plain array, by name), `library-categories/{id}/`. */
export interface MutaboLibraryCategory extends LibraryCategory, Versioned {
  /** Library items in the category: a category in use cannot be deleted. */
  itemsCount: number;
}

/** null (also for '') or an http(s) link. */
const externalLinkField = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
  z.union([stringField(s.externalLinkInvalid).trim().max(MAX_URL_LENGTH, s.externalLinkInvalid).regex(/^https?:\/\/[^\s/]+\S*$/i, s.externalLinkInvalid), z.null()], {
    error: s.externalLinkInvalid,
  }),
);

/** null (also for '') or a path on this site, as uploads answer it. */
const libraryFileField = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
  z.union(
    [
      stringField(s.fileInvalid)
        .trim()
        .max(MAX_URL_LENGTH, s.fileInvalid)
        .refine((value) => isSitePath(value) && !/\s/.test(value), s.fileInvalid),
      z.null(),
    ],
    { error: s.fileInvalid },
  ),
);

const libraryItemFields = {
  title: titleField,
  author: stringField().trim().max(MAX_NAME_LENGTH, s.nameTooLong),
  categories: idList(s.categoriesInvalid, s.categoryUnknown)
    .refine((list) => list.length <= 50, s.categoriesInvalid)
    .transform((list) => [...new Set(list)]),
  courses: idList(s.coursesInvalid, s.courseUnknown)
    .refine((list) => list.length <= 100, s.coursesInvalid)
    .transform((list) => [...new Set(list)]),
  externalLink: externalLinkField,
  file: libraryFileField,
};

/**
 * `POST /api/v1/mutabo/library-items/`: `title` and a file (an address from uploads) or an external link required;
 * `author` '', `categories` and `courses` [] by default. Unknown ids are 400 under `categories` / `courses`.
 */
export const libraryItemCreateSchema = z
  .object(
    {
      ...libraryItemFields,
      author: libraryItemFields.author.default(''),
      categories: libraryItemFields.categories.default([]),
      courses: libraryItemFields.courses.default([]),
      externalLink: libraryItemFields.externalLink.default(null),
      file: libraryItemFields.file.default(null),
    },
    { error: m.invalidBody },
  )
  // Also when other fields fail, so that the form shows every message at once.
  .superRefine(
    (value, ctx) => {
      const body = value as unknown as Record<string, unknown>;
      const blank = (field: unknown) => field === undefined || field === null || (typeof field === 'string' && field.trim() === '');
      if (blank(body.externalLink) && blank(body.file)) ctx.addIssue({ code: 'custom', message: s.linkOrFileRequired, path: ['file'] });
    },
    { when: (payload) => isRecord(payload.value) },
  );

/** `PATCH /api/v1/mutabo/library-items/{id}/`: any subset plus the `version` read; the item must keep a file or a link. */
export const libraryItemPatchSchema = z.object(
  {
    title: libraryItemFields.title.optional(),
    author: libraryItemFields.author.optional(),
    categories: libraryItemFields.categories.optional(),
    courses: libraryItemFields.courses.optional(),
    externalLink: libraryItemFields.externalLink.optional(),
    file: libraryItemFields.file.optional(),
    version: versionField,
  },
  { error: m.invalidBody },
);

const categoryNameField = stringField(s.categoryNameRequired).trim().min(1, s.categoryNameRequired).max(MAX_CATEGORY_NAME_LENGTH, s.categoryNameTooLong);

/** `POST /api/v1/mutabo/library-categories/`: `{name}`, unique (case-insensitive; 400 under `name`). */
export const libraryCategoryCreateSchema = z.object({ name: categoryNameField }, { error: m.invalidBody });
/** `PATCH /api/v1/mutabo/library-categories/{id}/`. */
export const libraryCategoryPatchSchema = z.object({ name: categoryNameField.optional(), version: versionField }, { error: m.invalidBody });

export type LibraryItemCreatePayload = z.input<typeof libraryItemCreateSchema>;
export type LibraryItemCreate = z.output<typeof libraryItemCreateSchema>;
export type LibraryItemPatchPayload = z.input<typeof libraryItemPatchSchema>;
export type LibraryItemPatch = z.output<typeof libraryItemPatchSchema>;
export type LibraryCategoryPatchPayload = z.input<typeof libraryCategoryPatchSchema>;
