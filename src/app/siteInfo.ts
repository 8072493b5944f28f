// Who and what the site is: its name, its description and its logo (the authors come from their records).

export const SITE_NAME = 'Мутабор';
export const SITE_DESCRIPTION = 'Курсы-вебинары для взрослых и подростков';
export const LOGO_SRC = '/logo.svg';
