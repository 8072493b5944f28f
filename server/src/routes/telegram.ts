// Telegram (issue 36, docs/TELEGRAM.md): the profile's binding (POST /api/v1/users/me/telegram/ → the deep link
// {url, expiresAt}; GET → {bound, name, bot}; DELETE unbinds) and the bot's webhook (POST /api/v1/telegram/webhook/,
// 401 without the X-Telegram-Bot-Api-Secret-Token Telegram was given).
import type { Update } from 'grammy/types';
import { telegramMessages } from '../../../common/telegram.ts';
import { HttpError } from '../http/errors.ts';
import type { ZodRoutes } from '../http/zodTypeProvider.ts';
import { bindingStatus, createBindingLink, unbindAccount } from '../services/telegram/binding.ts';
import { describeTelegramError } from '../services/telegram/bot.ts';
import { choicesPatchSchema, notificationChoicesOf, patchNotificationChoices } from '../services/telegram/choices.ts';

const isUpdate = (body: unknown): body is Update =>
  typeof body === 'object' && body !== null && !Array.isArray(body) && Number.isSafeInteger((body as { update_id?: unknown }).update_id);

export const telegramRoutes: ZodRoutes = async (app) => {
  app.post('/users/me/telegram/', { preHandler: app.requireAuth }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return reply.code(201).send(await createBindingLink(app.deps, request.userId!));
  });

  app.get('/users/me/telegram/', { preHandler: app.requireAuth }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return bindingStatus(app.deps, request.userId!);
  });

  app.delete('/users/me/telegram/', { preHandler: app.requireAuth }, async (request, reply) => {
    await unbindAccount(app.deps, request.userId!);
    return reply.code(204).send();
  });

  app.get('/users/me/notifications/', { preHandler: app.requireAuth }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return notificationChoicesOf(app.deps.db, request.userId!);
  });

  app.patch('/users/me/notifications/', { schema: { body: choicesPatchSchema }, preHandler: app.requireAuth }, async (request) =>
    patchNotificationChoices(app.deps, request.userId!, request.body),
  );

  app.post('/telegram/webhook/', async (request, reply) => {
    const bot = app.deps.telegram;
    if (!bot) throw new HttpError(404, { detail: telegramMessages.notConfigured });
    if (!bot.acceptsSecret(request.headers['x-telegram-bot-api-secret-token'])) throw new HttpError(401, { detail: 'Неверный секрет вебхука.' });
    if (!isUpdate(request.body)) throw new HttpError(400, { detail: 'Ожидается обновление Telegram (объект с update_id).' });
    try {
      await bot.handle(request.body);
    } catch (error) {
      request.log.warn({ telegram: describeTelegramError(error) }, 'a Telegram update failed; Telegram will send it again');
      throw new HttpError(503, { detail: 'Не удалось обработать обновление, Telegram пришлёт его снова.' });
    }
    return reply.code(200).send('');
  });
};
