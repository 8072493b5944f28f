// A stand-in for Telegram's Bot API on loopback (issue 36): the server talks to it through TELEGRAM_API_URL as it would
// to api.telegram.org — POST /bot<token>/<method> with JSON — and it answers as Telegram does: getMe, setWebhook,
// deleteWebhook, getUpdates (empty, after a short wait), and sendMessage, which it records. A chat can be made to answer
// 403 (the person blocked the bot), and the limits (30 messages a second in all, one a second per chat) can be
// enforced with 429 and `retry_after`, as Telegram does.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SentMessage {
  chatId: number;
  text: string;
  replyMarkup?: unknown;
  at: number;
}

export interface BotApiStandIn {
  url: string;
  token: string;
  username: string;
  sent: SentMessage[];
  /** Every call, in order: the method and its parameters. */
  calls: { method: string; params: Record<string, unknown> }[];
  /** Chats that blocked the bot: sendMessage to them answers 403. */
  blocked: Set<number>;
  /** Enforce Telegram's limits with 429s. */
  limits: { enforce: boolean; perSecond: number; perChatMs: number; retryAfter: number };
  /** 429s answered. */
  tooMany: number;
  close(): Promise<void>;
}

export const STAND_IN_TOKEN = '123456789:AAEstandInTokenForTheTestsOnly_xyz0';

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function answer(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

export async function startBotApiStandIn(username = 'mutabor_test_bot', token = STAND_IN_TOKEN): Promise<BotApiStandIn> {
  let messageId = 0;
  const recent: number[] = [];
  const lastPerChat = new Map<number, number>();
  const standIn: Omit<BotApiStandIn, 'url' | 'close'> = {
    token,
    username,
    sent: [],
    calls: [],
    blocked: new Set(),
    limits: { enforce: false, perSecond: 30, perChatMs: 1000, retryAfter: 1 },
    tooMany: 0,
  };
  const server = createServer((request, response) => {
    void (async () => {
      // Not Telegram's: what it received, for a test in another process (the cluster's journeys).
      if (request.method === 'GET' && request.url === '/stand-in/record') return answer(response, 200, { sent: standIn.sent, calls: standIn.calls });
      const match = /^\/bot([^/]+)\/([A-Za-z]+)$/.exec(request.url ?? '');
      if (!match || match[1] !== token) return answer(response, 401, { ok: false, error_code: 401, description: 'Unauthorized' });
      const method = match[2]!;
      const raw = await readBody(request);
      let params: Record<string, unknown> = {};
      if (raw !== '') {
        try {
          params = JSON.parse(raw) as Record<string, unknown>;
        } catch {
          return answer(response, 400, { ok: false, error_code: 400, description: 'Bad Request: invalid JSON' });
        }
      }
      standIn.calls.push({ method, params });
      switch (method) {
        case 'getMe':
          return answer(response, 200, { ok: true, result: { id: 4242, is_bot: true, first_name: 'Мутабор', username, can_join_groups: false, can_read_all_group_messages: false, supports_inline_queries: false } });
        case 'setWebhook':
        case 'deleteWebhook':
          return answer(response, 200, { ok: true, result: true });
        case 'getUpdates':
          await new Promise((resolve) => setTimeout(resolve, 100));
          return answer(response, 200, { ok: true, result: [] });
        case 'sendMessage': {
          const chatId = Number(params.chat_id);
          if (standIn.blocked.has(chatId)) return answer(response, 403, { ok: false, error_code: 403, description: 'Forbidden: bot was blocked by the user' });
          const now = Date.now();
          if (standIn.limits.enforce) {
            while (recent.length > 0 && recent[0]! <= now - 1000) recent.shift();
            const last = lastPerChat.get(chatId);
            if (recent.length >= standIn.limits.perSecond || (last !== undefined && now - last < standIn.limits.perChatMs)) {
              standIn.tooMany += 1;
              const retryAfter = standIn.limits.retryAfter;
              return answer(response, 429, { ok: false, error_code: 429, description: `Too Many Requests: retry after ${retryAfter}`, parameters: { retry_after: retryAfter } });
            }
            recent.push(now);
            lastPerChat.set(chatId, now);
          }
          standIn.sent.push({ chatId, text: String(params.text ?? ''), replyMarkup: params.reply_markup, at: now });
          messageId += 1;
          return answer(response, 200, { ok: true, result: { message_id: messageId, date: Math.floor(now / 1000), chat: { id: chatId, type: 'private' }, text: params.text } });
        }
        default:
          return answer(response, 404, { ok: false, error_code: 404, description: 'Not Found: method not found' });
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    ...standIn,
    get sent() {
      return standIn.sent;
    },
    get tooMany() {
      return standIn.tooMany;
    },
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** An update as Telegram sends it to the webhook: a private message from a person. */
export function messageUpdate(updateId: number, chat: { id: number; firstName?: string; type?: 'private' | 'group' }, text: string) {
  const entities = text.startsWith('/') ? [{ type: 'bot_command', offset: 0, length: text.split(' ')[0]!.length }] : undefined;
  const type = chat.type ?? 'private';
  return {
    update_id: updateId,
    message: {
      message_id: updateId,
      date: Math.floor(Date.now() / 1000),
      from: { id: chat.id, is_bot: false, first_name: chat.firstName ?? 'Гость' },
      chat: type === 'private' ? { id: chat.id, type, first_name: chat.firstName ?? 'Гость' } : { id: chat.id, type, title: 'Группа' },
      text,
      ...(entities ? { entities } : {}),
    },
  };
}
