// The site's Telegram bot (issue 36, docs/TELEGRAM.md) on grammY: its commands (`/start <code>` binds a chat, `/stop`
// unbinds it, anything else gets a greeting that names nobody), and how updates reach it: Telegram's webhook
// (TELEGRAM_WEBHOOK_SECRET set; the server process sets it at start, which is idempotent) or long polling on a
// developer's machine. TELEGRAM_API_URL points it at a stand-in in tests. The token is never logged.
import { timingSafeEqual } from 'node:crypto';
import { Bot, GrammyError, HttpError as GrammyHttpError, type Context } from 'grammy';
import type { Chat, Update } from 'grammy/types';
import { botReplies, TELEGRAM_WEBHOOK_PATH } from '../../../../common/telegram.ts';
import type { TelegramSettings } from '../../config.ts';
import { startCommand, stopCommand, type BindingDeps } from './binding.ts';

export interface TelegramBotDeps extends BindingDeps {
  log: { info(object: object, message: string): void; warn(object: object, message: string): void };
}

/** What a Bot API failure says, without the request's address (which holds the token). */
export function describeTelegramError(error: unknown): { status?: number; description: string } {
  if (error instanceof GrammyError) return { status: error.error_code, description: error.description };
  if (error instanceof GrammyHttpError) return { description: `network: ${error.error instanceof Error ? error.error.message : 'failed'}` };
  return { description: error instanceof Error ? error.message : 'unknown' };
}

const chatName = (chat: Chat) =>
  chat.type === 'private' ? [chat.first_name, chat.last_name].filter(Boolean).join(' ') || (chat.username ? `@${chat.username}` : '') : (chat.title ?? '');

export class TelegramBot {
  readonly bot: Bot;
  private polling: Promise<void> | null = null;

  constructor(
    private readonly deps: TelegramBotDeps,
    private readonly settings: TelegramSettings,
  ) {
    this.bot = new Bot(settings.token, { client: { apiRoot: settings.apiUrl, timeoutSeconds: 30 } });
    this.bot.command('start', async (ctx) => {
      await ctx.reply(await startCommand(deps, { id: ctx.chat.id, type: ctx.chat.type, name: chatName(ctx.chat) }, typeof ctx.match === 'string' ? ctx.match : ''));
    });
    this.bot.command('stop', async (ctx) => {
      await ctx.reply(await stopCommand(deps, ctx.chat.id));
    });
    this.bot.on('message', async (ctx: Context) => {
      await ctx.reply(botReplies.hello.replace('{site}', new URL(deps.config.publicUrl).host));
    });
    this.bot.catch((error) => deps.log.warn({ telegram: describeTelegramError(error.error) }, 'the Telegram bot could not handle an update'));
  }

  /** The webhook's address on this site. */
  webhookUrl(): string {
    return `${this.deps.config.publicUrl}${TELEGRAM_WEBHOOK_PATH}`;
  }

  /** Whether a webhook request carries the secret (compared in constant time). */
  acceptsSecret(header: unknown): boolean {
    const secret = this.settings.webhookSecret;
    if (secret === null || typeof header !== 'string') return false;
    const given = Buffer.from(header);
    const expected = Buffer.from(secret);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  /** One update from the webhook; errors of the handlers are thrown (the route answers 503, and Telegram tries again). */
  async handle(update: Update): Promise<void> {
    if (!this.bot.isInited()) await this.bot.init();
    await this.bot.handleUpdate(update);
  }

  /**
   * The server process's start: with a webhook secret, (re)sets the webhook, idempotent for any number of processes;
   * without one, long polling (a developer's machine; a single process). Failures are logged, never fatal: the site
   * works without Telegram and the queue keeps the messages.
   */
  async start(): Promise<void> {
    try {
      await this.bot.init();
      if (this.settings.webhookSecret !== null) {
        await this.bot.api.setWebhook(this.webhookUrl(), { secret_token: this.settings.webhookSecret, allowed_updates: ['message'] });
        this.deps.log.info({ bot: this.settings.username }, 'Telegram webhook set');
        return;
      }
      await this.bot.api.deleteWebhook();
      this.polling = this.bot.start({ allowed_updates: ['message'], onStart: () => this.deps.log.info({ bot: this.settings.username }, 'Telegram bot polling') }).catch((error: unknown) => {
        this.deps.log.warn({ telegram: describeTelegramError(error) }, 'Telegram polling stopped');
      });
    } catch (error) {
      this.deps.log.warn({ telegram: describeTelegramError(error) }, 'the Telegram bot could not start');
    }
  }

  async stop(): Promise<void> {
    if (this.polling) {
      await this.bot.stop();
      await this.polling;
      this.polling = null;
    }
  }
}
