// The profile's Telegram part (issue 36): «Telegram» and «Куда присылать сообщения», only when the site has a bot.
// Without one, or while the status is not known (or could not be read: a server without Telegram), nothing is shown
// and the profile is as it was.
import { useResource } from '../../data/useResource.ts';
import { NotificationChoicesBlock } from './NotificationChoicesBlock.tsx';
import { TelegramBlock } from './TelegramBlock.tsx';
import { telegramStatusResource } from './telegramResources.ts';

export function TelegramSettings() {
  const { data: status, reload, setData } = useResource(telegramStatusResource);
  if (!status || status.bot === null) return null;
  const bot = status.bot;
  return (
    <>
      <TelegramBlock status={{ ...status, bot }} reload={reload} setStatus={setData} />
      <NotificationChoicesBlock bound={status.bound} />
    </>
  );
}
