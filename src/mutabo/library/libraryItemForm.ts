// The library item form's values and the body of its save.
import { libraryItemCreateSchema, type LibraryItemCreatePayload, type MutaboLibraryItem } from '../../../common/mutabo/library.ts';
import { checkWith } from '../content/checkWith.ts';

interface LibraryItemFormValues {
  title: string;
  author: string;
  categories: number[];
  courses: number[];
  externalLink: string;
  file: string;
}

export const LIBRARY_ITEM_FIELDS = ['title', 'author', 'categories', 'courses', 'externalLink', 'file'] as const;

export const emptyLibraryItemValues = (): LibraryItemFormValues => ({ title: '', author: '', categories: [], courses: [], externalLink: '', file: '' });

export const libraryItemValues = (item: MutaboLibraryItem): LibraryItemFormValues => ({
  title: item.title,
  author: item.author,
  categories: item.categories,
  courses: item.courses,
  externalLink: item.externalLink ?? '',
  file: item.file ?? '',
});

export function libraryItemWrite(values: LibraryItemFormValues) {
  const body: LibraryItemCreatePayload = {
    title: values.title,
    author: values.author,
    categories: values.categories,
    courses: values.courses,
    externalLink: values.externalLink.trim() || null,
    file: values.file.trim() || null,
  };
  return checkWith(libraryItemCreateSchema, body);
}

