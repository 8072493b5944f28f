// The content both authors share (quotations, reviews, library, timetable) and each author's own page: what their
// lists have in common, the limits of their fields, and their Russian messages.
// Same rules as the courses: every object carries `version`, a PATCH sends back the version it read (409 with a
// Russian `detail` when stale), 400 with messages under the fields, every write recorded in the history.
import type { Paged } from '../wireTypes.ts';
import { stringField } from './fields.ts';

/** Rows per page of the authors' lists of quotations, reviews and library items. */
export const MUTABO_PAGE_SIZE = 20;
const MAX_SEARCH_LENGTH = 200;
export const MAX_SOURCE_LENGTH = 300;
export const MAX_QUOTATION_LENGTH = 5000;
export const MAX_NAME_LENGTH = 200;
export const MAX_FOOTER_LENGTH = 1000;
export const MAX_CATEGORY_NAME_LENGTH = 100;
export const MAX_AUTHOR_DESCRIPTION_LENGTH = 20_000;
export const MAX_EMAIL_LENGTH = 254;
export const MAX_AUTHOR_AGE = 150;

/**
 * `GET /api/v1/mutabo/quotations/?search=&page=`, `.../feedback/?search=&course=&page=`,
 * `.../library-items/?search=&category=&course=&page=`: newest first, MUTABO_PAGE_SIZE a page; `search` looks
 * in the texts (case-insensitive), `next` is the next page's address or null.
 */
export interface MutaboPage<T> extends Paged<T> {
  currentPage: number;
  pages: number;
}

export interface MutaboListQuery {
  search?: string;
  page?: number;
}

export const sharedContentMessages = {
  sourceRequired: 'Укажите источник цитаты.',
  sourceTooLong: `Источник не длиннее ${MAX_SOURCE_LENGTH} символов.`,
  quotationRequired: 'Введите текст цитаты.',
  quotationTooLong: `Цитата не длиннее ${MAX_QUOTATION_LENGTH} символов.`,
  courseInvalid: 'Выберите курс.',
  courseUnknown: 'Такого курса нет.',
  reviewerRequired: 'Укажите, кто написал отзыв.',
  nameTooLong: `Не длиннее ${MAX_NAME_LENGTH} символов.`,
  authorAgeInvalid: `Возраст — целое число от 0 до ${MAX_AUTHOR_AGE} или пусто.`,
  footerTooLong: `Подпись не длиннее ${MAX_FOOTER_LENGTH} символов.`,
  reviewTextRequired: 'Введите текст отзыва.',
  categoriesInvalid: 'Укажите список категорий (номера категорий).',
  categoryUnknown: 'Такой категории нет.',
  coursesInvalid: 'Укажите список курсов (номера курсов).',
  externalLinkInvalid: 'Внешняя ссылка: адрес http(s)://...',
  fileInvalid: 'Файл: адрес загруженного файла на сайте (/media/...).',
  linkOrFileRequired: 'Загрузите файл или укажите внешнюю ссылку.',
  uploadNotFound: 'Такого файла на сайте нет: загрузите его снова.',
  uploadNotImage: 'Здесь нужно изображение: JPEG, PNG или WebP.',
  categoryNameRequired: 'Введите название категории.',
  categoryNameTooLong: `Название категории не длиннее ${MAX_CATEGORY_NAME_LENGTH} символов.`,
  categoryNameTaken: 'Категория с таким названием уже есть.',
  firstNameRequired: 'Введите имя.',
  lastNameRequired: 'Введите фамилию.',
  emailInvalid: 'Введите адрес электронной почты (или оставьте поле пустым).',
  genderInvalid: 'Выберите, в каком роде о вас писать: женском или мужском (или оставьте «не указан»).',
  descriptionTooLong: `Текст не длиннее ${MAX_AUTHOR_DESCRIPTION_LENGTH} символов.`,
  searchTooLong: `Строка поиска не длиннее ${MAX_SEARCH_LENGTH} символов.`,
  historyEntityInvalid: 'Выберите, чью историю показать: цитаты, отзывы, библиотека, категории, страница автора, расписание, реквизиты продавца, договор-оферта, политика конфиденциальности или данные человека.',
  historyIdInvalid: 'Номер записи — целое число от 1.',
  /** Refusals answered as `detail`. */
  quotationNotFound: 'Цитата не найдена.',
  feedbackNotFound: 'Отзыв не найден.',
  libraryItemNotFound: 'Материал библиотеки не найден.',
  libraryCategoryNotFound: 'Категория библиотеки не найдена.',
  authorNotFound: 'Автор не найден.',
  notOwnAuthorPage: 'Каждый автор редактирует только свою страницу.',
  staleQuotation: 'Пока вы редактировали цитату, её уже изменили (другой автор или вы в другой вкладке): обновите страницу, чтобы увидеть новую версию, и внесите свои изменения снова.',
  staleFeedback: 'Пока вы редактировали отзыв, его уже изменили (другой автор или вы в другой вкладке): обновите страницу, чтобы увидеть новую версию, и внесите свои изменения снова.',
  staleLibraryItem: 'Пока вы редактировали материал, его уже изменили (другой автор или вы в другой вкладке): обновите страницу, чтобы увидеть новую версию, и внесите свои изменения снова.',
  staleLibraryCategory: 'Пока вы редактировали категорию, её уже изменили (другой автор или вы в другой вкладке): обновите страницу, чтобы увидеть новую версию, и внесите свои изменения снова.',
  staleAuthor: 'Страница автора изменилась, пока вы её редактировали (например, в другой вкладке): обновите страницу и внесите изменения снова.',
  staleTimetable: 'Пока вы редактировали расписание, его уже изменили (другой автор или вы в другой вкладке): обновите страницу, чтобы увидеть новую версию, и внесите свои изменения снова.',
  categoryInUse: 'Категорию нельзя удалить: в ней есть материалы библиотеки. Сначала уберите её из материалов.',
} as const;

/** The `search` of the authors' lists (a query parameter): any text without control characters. */
export const searchField = stringField().max(MAX_SEARCH_LENGTH, sharedContentMessages.searchTooLong);
