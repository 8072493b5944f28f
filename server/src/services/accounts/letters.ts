// The letters of the account flows: signup confirmation, «you already have an account», password reset and the change
// of e-mail address, with links built from PUBLIC_URL only. User text in them (names, a new address) goes through
// userText, so that only the letter's own links are links.
import type { AppConfig } from '../../config.ts';
import { accountMessages } from '../../../../common/accountMessages.ts';
import { LINK_TTL_SECONDS } from './links.ts';
import { userText } from '../letters/userText.ts';
import type { MailMessage } from '../letters/mail.ts';
import { renderLetter } from '../letters/template.ts';
import { sellerAnswers } from '../letters/replyTo.ts';

interface Recipient {
  email: string;
  firstName: string;
}

export type LetterConfig = Pick<AppConfig, 'publicUrl' | 'operatorName' | 'operatorEmail'>;

const greeting = (recipient: Recipient) => (recipient.firstName ? `Здравствуйте, ${userText(recipient.firstName)}!` : 'Здравствуйте!');
const validFor = `${LINK_TTL_SECONDS / 86_400} дня`;

function signature(config: LetterConfig): string {
  return config.operatorEmail ? `— ${config.operatorName}\n${config.operatorEmail}` : `— ${config.operatorName}`;
}

/** An account letter: a reply goes to the seller (or the operator), not to noreply@. */
function accountLetter(config: LetterConfig, parts: Parameters<typeof renderLetter>[1]): MailMessage {
  return { ...renderLetter(config, parts), answeredBy: sellerAnswers(config) };
}

/**
 * `PUBLIC_URL/user/confirm-signup/{uidb64}/{token}/`: never the request's Host, which a caller controls; with
 * `?next=<path>` when the sign-up came from a page to come back to (common/landing.ts returnPath, checked again by the
 * site).
 */
export function confirmationLink(config: Pick<AppConfig, 'publicUrl'>, link: { uidb64: string; token: string }, next: string | null = null): string {
  return `${config.publicUrl}/user/confirm-signup/${link.uidb64}/${link.token}/${next ? `?next=${encodeURIComponent(next)}` : ''}`;
}

export function resetLink(config: Pick<AppConfig, 'publicUrl'>, link: { uidb64: string; token: string }): string {
  return `${config.publicUrl}/user/reset-password/completion/${link.uidb64}/${link.token}/`;
}

/** The pages a letter may point to without a token: the login and the reset request. */
const loginPage = (config: Pick<AppConfig, 'publicUrl'>, next: string | null = null) =>
  `${config.publicUrl}/user/login${next ? `?next=${encodeURIComponent(next)}` : ''}`;
const resetPage = (config: Pick<AppConfig, 'publicUrl'>) => `${config.publicUrl}/user/reset-password`;

/** `PUBLIC_URL/user/confirm-email/{uidb64}/{address}/{token}/`: the new address travels in the link, signed by the token. */
export function emailChangeLink(config: Pick<AppConfig, 'publicUrl'>, link: { uidb64: string; address: string; token: string }): string {
  return `${config.publicUrl}/user/confirm-email/${link.uidb64}/${link.address}/${link.token}/`;
}

/**
 * The confirmation of a signup. `again`: the address signed up once more before confirming; the account keeps the
 * password and names of the first signup (a stranger's second signup must not take it over), so the letter says
 * which password works and how to set a new one.
 */
export function confirmationLetter(config: LetterConfig, recipient: Recipient, url: string, again = false): MailMessage {
  const text = [
    greeting(recipient),
    again
      ? `С этим адресом электронной почты снова начали регистрацию на сайте «${config.operatorName}», а прежняя ещё не подтверждена. Чтобы подтвердить адрес и завершить регистрацию, откройте ссылку:\n${url}`
      : `Вы зарегистрировались на сайте «${config.operatorName}». Чтобы подтвердить адрес электронной почты и завершить регистрацию, откройте ссылку:\n${url}`,
    `Ссылка действует ${validFor} и срабатывает один раз.`,
    ...(again
      ? [`Войти можно будет с паролем, который был указан при первой регистрации. Если вы его не помните, задайте новый пароль на странице восстановления, это тоже подтвердит адрес:\n${resetPage(config)}`]
      : []),
    'Если вы не регистрировались на нашем сайте, просто не отвечайте на это письмо: без подтверждения учётная запись не заработает.',
    signature(config),
  ].join('\n\n');
  return accountLetter(config, { to: recipient.email, subject: `${accountMessages.signupLetterSubject} — ${config.operatorName}`, text, action: { label: 'Подтвердить адрес', url } });
}

/**
 * A signup with an address that already has a confirmed account: its owner hears of it, the caller learns nothing.
 * `next`: the page the signup came from, where the login page then returns.
 */
export function accountExistsLetter(config: LetterConfig, recipient: Recipient, next: string | null = null): MailMessage {
  const text = [
    greeting(recipient),
    `С вашим адресом электронной почты пытались зарегистрироваться на сайте «${config.operatorName}». Учётная запись с этим адресом у вас уже есть, вторую завести нельзя.`,
    `Чтобы войти на сайт, откройте страницу входа:\n${loginPage(config, next)}`,
    `Если вы не помните пароль, восстановите его:\n${resetPage(config)}`,
    'Если вы не пытались зарегистрироваться, ничего не делайте: с вашей учётной записью ничего не случилось.',
    signature(config),
  ].join('\n\n');
  return accountLetter(config, { to: recipient.email, subject: `${accountMessages.accountExistsLetterSubject} — ${config.operatorName}`, text, action: { label: 'Войти на сайт', url: loginPage(config, next) } });
}

/** To the new address of an e-mail change: the link makes it the account's address. */
export function emailChangeLetter(config: LetterConfig, recipient: Recipient, newEmail: string, url: string): MailMessage {
  const text = [
    greeting(recipient),
    `На сайте «${config.operatorName}» попросили сделать этот адрес адресом вашей учётной записи. Чтобы подтвердить его, откройте ссылку:\n${url}`,
    `Ссылка действует ${validFor} и срабатывает один раз. Пока вы её не откроете, для входа служит прежний адрес.`,
    'Если вы ничего такого не просили, просто не отвечайте на это письмо: адрес не изменится.',
    signature(config),
  ].join('\n\n');
  return accountLetter(config, { to: newEmail, subject: `${accountMessages.emailChangeLetterSubject} — ${config.operatorName}`, text, action: { label: 'Подтвердить новый адрес', url } });
}

/** To the new address of an e-mail change when another account already has it: nothing changes. */
export function emailTakenLetter(config: LetterConfig, newEmail: string): MailMessage {
  const text = [
    'Здравствуйте!',
    `На сайте «${config.operatorName}» попросили сделать этот адрес адресом другой учётной записи. У вас уже есть учётная запись с этим адресом, поэтому ничего не изменилось.`,
    `Чтобы войти на сайт, откройте страницу входа:\n${loginPage(config)}`,
    'Если вы ничего такого не просили, ничего не делайте: с вашей учётной записью ничего не случилось.',
    signature(config),
  ].join('\n\n');
  return accountLetter(config, { to: newEmail, subject: `${accountMessages.emailChangeLetterSubject} — ${config.operatorName}`, text, action: { label: 'Войти на сайт', url: loginPage(config) } });
}

/** To the current address of an e-mail change: a stolen session cannot move the account away unnoticed. */
export function emailChangeNotice(config: LetterConfig, recipient: Recipient, newEmail: string): MailMessage {
  const text = [
    greeting(recipient),
    `В вашей учётной записи на сайте «${config.operatorName}» попросили сменить адрес электронной почты на ${userText(newEmail)}. Адрес изменится, когда его подтвердят по ссылке из письма, отправленного на новый адрес.`,
    `Если это были не вы, смените пароль: тогда ссылка из того письма перестанет действовать. Задать новый пароль можно на странице восстановления:\n${resetPage(config)}`,
    signature(config),
  ].join('\n\n');
  return accountLetter(config, { to: recipient.email, subject: `${accountMessages.emailChangeNoticeSubject} — ${config.operatorName}`, text });
}

export function resetLetter(config: LetterConfig, recipient: Recipient, url: string): MailMessage {
  const text = [
    greeting(recipient),
    `Кто-то (надеемся, что вы) попросил восстановить пароль на сайте «${config.operatorName}». Чтобы задать новый пароль, откройте ссылку:\n${url}`,
    `Ссылка действует ${validFor} и срабатывает один раз; ссылки из прежних писем о восстановлении больше не действуют.`,
    'Если вы не просили восстановить пароль, ничего не делайте: ваш пароль останется прежним.',
    signature(config),
  ].join('\n\n');
  return accountLetter(config, { to: recipient.email, subject: `${accountMessages.resetLetterSubject} — ${config.operatorName}`, text, action: { label: 'Задать новый пароль', url } });
}
