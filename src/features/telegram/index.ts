// The Telegram feature's public entry (issue 36): the profile page's «Telegram» and «Куда присылать сообщения». Only
// the profile page imports it, so it stays in that page's chunk.
export { TelegramSettings } from './TelegramSettings.tsx';
