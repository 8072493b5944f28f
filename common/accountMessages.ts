// The texts of the account endpoints (signup, confirmation, login, passwords, profile), in Russian; the site's forms
// use the same ones for what they check before sending.
import { pluralForm, type PluralForms } from './plural.ts';

/** «через 1 минуту», «через 2 минуты», «через 15 минут»: the accusative after «через». */
const MINUTES_AFTER: PluralForms = ['минуту', 'минуты', 'минут'];

export function inMinutes(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `через ${minutes} ${pluralForm(minutes, MINUTES_AFTER)}`;
}

export const accountMessages = {
  invalidBody: 'Некорректные данные запроса: ожидается объект JSON.',
  required: 'Обязательное поле.',
  notText: 'Значение должно быть строкой.',
  emailRequired: 'Введите адрес электронной почты.',
  emailInvalid: 'Введите правильный адрес электронной почты.',
  nameRequired: 'Заполните это поле.',
  nameTooLong: 'Не больше 100 символов.',
  passwordRequired: 'Введите пароль.',
  passwordRepeatRequired: 'Повторите пароль.',
  passwordTooShort: 'Пароль слишком короткий: нужно не меньше 8 символов.',
  passwordTooLong: 'Пароль слишком длинный: можно не больше 128 символов.',
  passwordAllDigits: 'Пароль не может состоять только из цифр.',
  passwordAllSpaces: 'Пароль не может состоять только из пробелов.',
  passwordCommon: 'Этот пароль слишком распространён, его легко подобрать.',
  passwordLikeEmail: 'Пароль слишком похож на адрес электронной почты.',
  passwordLikeFirstName: 'Пароль слишком похож на имя.',
  passwordLikeLastName: 'Пароль слишком похож на фамилию.',
  passwordsDiffer: 'Пароли не совпадают.',
  /** The rules above, said before the first attempt (the sign-up form, issue 32). */
  passwordRules: 'Не короче 8 символов, не только из цифр, не из самых распространённых и не похожий на ваши имя, фамилию или адрес почты.',
  oldPasswordWrong: 'Текущий пароль введён неверно.',
  agreementRequired: 'Для регистрации нужно согласие на обработку персональных данных.',
  yearOfBirthRequired: 'Выберите год рождения.',
  yearOfBirthInvalid: 'Выберите год рождения из списка.',

  signupLetterSubject: 'Подтверждение регистрации',
  accountExistsLetterSubject: 'Вы уже зарегистрированы',
  // The same answer for a new address, an unconfirmed one and a registered one: the caller learns nothing.
  signupLetterSent: 'Мы отправили письмо на указанный адрес. Чтобы завершить регистрацию, перейдите по ссылке из письма.',
  signupLettersTooMany: (wait: string) => `Письмо уже отправлялось на этот адрес несколько раз. Проверьте папку «Спам» или попробуйте снова ${wait}.`,
  mailFailed: 'Не удалось отправить письмо. Попробуйте ещё раз немного позже.',
  mailRequestsTooMany: (wait: string) => `Слишком много запросов на отправку писем. Попробуйте снова ${wait}.`,

  confirmationDone: 'Регистрация подтверждена. Теперь можно войти на сайт.',
  // The site shows these after «Ошибка подверждения регистрации: » in lower case: one clause each, and the page
  // itself offers what to do next (log in, or sign up again for a new letter).
  confirmationUsed: 'Регистрация по этой ссылке уже подтверждена.',
  confirmationExpired: 'Срок действия ссылки истёк.',
  confirmationInvalid: 'Ссылка недействительна или скопирована из письма не целиком.',

  wrongCredentials: 'Неверный адрес электронной почты или пароль.',
  notConfirmed: 'Регистрация ещё не подтверждена. Перейдите по ссылке из письма, которое мы отправили при регистрации.',
  loginsTooMany: (wait: string) => `Слишком много неудачных попыток входа. Попробуйте снова ${wait} или восстановите пароль.`,
  passwordChecksTooMany: (wait: string) => `Слишком много попыток ввести текущий пароль. Попробуйте снова ${wait}.`,
  dataExportsTooMany: (wait: string) => `Вы уже много раз скачали свои данные за последний час. Попробуйте снова ${wait}.`,
  promoCodesTooMany: (wait: string) => `Слишком много неверных промокодов за последний час. Попробуйте снова ${wait}.`,
  refreshInvalid: 'Токен недействителен или просрочен. Войдите снова.',
  passwordChecksBusy: 'Сервер сейчас проверяет слишком много паролей. Попробуйте ещё раз через несколько секунд.',

  resetLetterSubject: 'Восстановление пароля',
  resetRequested: 'Если этот адрес зарегистрирован, мы отправили на него письмо с инструкциями.',
  resetLinkInvalid: 'Ссылка для восстановления пароля недействительна или уже использована. Запросите восстановление ещё раз.',
  resetLinkExpired: 'Срок действия ссылки для восстановления пароля истёк. Запросите восстановление ещё раз.',
  resetDone: 'Пароль изменён. Теперь можно войти с новым паролем.',

  emailChangeLetterSubject: 'Подтверждение нового адреса электронной почты',
  emailChangeNoticeSubject: 'Смена адреса электронной почты',
  currentPasswordRequired: 'Чтобы сменить адрес электронной почты, введите текущий пароль.',
  emailChangeDone: 'Адрес электронной почты изменён.',
  emailLinkInvalid: 'Ссылка для подтверждения адреса недействительна или уже использована.',
  emailLinkExpired: 'Срок действия ссылки для подтверждения адреса истёк. Смените адрес в профиле ещё раз.',
  emailTakenOnConfirm: 'Этот адрес уже занят другой учётной записью.',

  countryUnknown: 'Выберите страну из списка.',
  timezoneUnknown: 'Выберите часовой пояс из списка.',
  mainLanguageInvalid: 'Выберите язык: русский, английский или другой.',
  visitSchoolInvalid: 'Выберите «Да» или «Нет».',
  textTooLong: 'Не больше 2000 символов.',
  profileInvalid: 'Профиль должен быть объектом с полями анкеты.',
  discipleReadOnly: 'Изменять профиль может только его владелец.',
} as const;
