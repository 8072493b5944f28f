// Who and what the site is: its name, its description and its logo (the authors come from their records).

export { SITE_DESCRIPTION, SITE_NAME } from '../../common/pageMeta.ts';
export const LOGO_SRC = '/logo.svg';
