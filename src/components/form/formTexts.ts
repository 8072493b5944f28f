// Labels that more than one account form shows, spelled once.
export const EMAIL_LABEL = 'Электронная почта';
export const PASSWORD_LABEL = 'Пароль';
export const SAVE_LABEL = 'Сохранить';
export const CANCEL_LABEL = 'Отмена';
export const FIRST_NAME_LABEL = 'Имя';
export const LAST_NAME_LABEL = 'Фамилия';
