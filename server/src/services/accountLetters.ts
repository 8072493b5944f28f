// The letters of the account flows: signup confirmation and password reset, with links built from PUBLIC_URL only.
import type { AppConfig } from '../config.ts';
import { accountMessages } from '../http/accountMessages.ts';
import { LINK_TTL_SECONDS } from './accountLinks.ts';
import { letterFromText, type MailMessage } from './mail.ts';

interface Recipient {
  email: string;
  firstName: string;
}

type LetterConfig = Pick<AppConfig, 'publicUrl' | 'operatorName' | 'operatorEmail'>;

const greeting = (recipient: Recipient) => (recipient.firstName ? `Здравствуйте, ${recipient.firstName}!` : 'Здравствуйте!');
const validFor = `${LINK_TTL_SECONDS / 86_400} дня`;

function signature(config: LetterConfig): string {
  return config.operatorEmail ? `— ${config.operatorName}\n${config.operatorEmail}` : `— ${config.operatorName}`;
}

/** `PUBLIC_URL/user/confirm-signup/{uidb64}/{token}/`: never the request's Host, which a caller controls. */
export function confirmationLink(config: Pick<AppConfig, 'publicUrl'>, link: { uidb64: string; token: string }): string {
  return `${config.publicUrl}/user/confirm-signup/${link.uidb64}/${link.token}/`;
}

export function resetLink(config: Pick<AppConfig, 'publicUrl'>, link: { uidb64: string; token: string }): string {
  return `${config.publicUrl}/user/reset-password/completion/${link.uidb64}/${link.token}/`;
}

export function confirmationLetter(config: LetterConfig, recipient: Recipient, url: string): MailMessage {
  const text = [
    greeting(recipient),
    `Вы зарегистрировались на сайте «${config.operatorName}». Чтобы подтвердить адрес электронной почты и завершить регистрацию, откройте ссылку:\n${url}`,
    `Ссылка действует ${validFor} и срабатывает один раз.`,
    'Если вы не регистрировались на нашем сайте, просто не отвечайте на это письмо: без подтверждения учётная запись не заработает.',
    signature(config),
  ].join('\n\n');
  return letterFromText(recipient.email, `${accountMessages.signupLetterSubject} — ${config.operatorName}`, text);
}

export function resetLetter(config: LetterConfig, recipient: Recipient, url: string): MailMessage {
  const text = [
    greeting(recipient),
    `Кто-то (надеемся, что вы) попросил восстановить пароль на сайте «${config.operatorName}». Чтобы задать новый пароль, откройте ссылку:\n${url}`,
    `Ссылка действует ${validFor} и срабатывает один раз; ссылки из прежних писем о восстановлении больше не действуют.`,
    'Если вы не просили восстановить пароль, ничего не делайте: ваш пароль останется прежним.',
    signature(config),
  ].join('\n\n');
  return letterFromText(recipient.email, `${accountMessages.resetLetterSubject} — ${config.operatorName}`, text);
}
