// User-facing texts of the API that more than one module answers with.
export const messages = {
  notFound: 'Не найдено.',
  internalError: 'Внутренняя ошибка сервера.',
  badRequest: 'Некорректный запрос.',
  invalidJson: 'Тело запроса не является корректным JSON.',
  payloadTooLarge: 'Слишком большой запрос.',
  unsupportedMediaType: 'Неподдерживаемый тип содержимого запроса.',
  methodNotAllowed: 'Метод не поддерживается.',
  tooManyRequests: 'Слишком много запросов. Попробуйте позже.',
  notAuthenticated: 'Учётные данные не были предоставлены.',
  invalidToken: 'Токен недействителен или просрочен. Войдите снова.',
  databaseUnavailable: 'База данных недоступна.',
  siteNotBuilt: 'Сайт ещё не собран: выполните npm run build.',
  courseNotFound: 'Курс не найден.',
  libraryItemNotFound: 'Материал не найден.',
  pageNotFound: 'Страница не найдена.',
  restarting: 'Сервер перезапускается: повторите запрос через несколько секунд.',
} as const;
