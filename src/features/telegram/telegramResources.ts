// The profile's Telegram readings in the one cache (issue 36): defined in the profile page's chunk, they join the
// registry when it loads. Dropped once the page is left, so the page opened again shows the binding as it is now (the
// person may have sent /stop to the bot meanwhile).
import { getNotificationChoices, getTelegramStatus } from '../../api/telegram.ts';
import { defineResource } from '../../data/resource.ts';

export const telegramStatusResource = defineResource('telegramStatus', (_: void) => getTelegramStatus(), ['account', 'telegram'], {
  keepUnused: false,
});

export const notificationChoicesResource = defineResource('notificationChoices', (_: void) => getNotificationChoices(), ['account', 'notifications'], {
  keepUnused: false,
});
