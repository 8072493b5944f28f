// A local SMTP stand-in for tests and the mailing benchmark: just enough of SMTP (RFC 5321) to take messages (EHLO,
// AUTH PLAIN/LOGIN, MAIL, RCPT, DATA, RSET, QUIT), and to fail as real servers do: down for a while (421 at the
// greeting, as a server shedding load answers), refusing some recipients for good (550 to RCPT), or slow to accept.
import { once } from 'node:events';
import net from 'node:net';

export interface Received {
  from: string;
  to: string[];
  auth: string | null;
  data: string;
}

export interface SmtpStandIn {
  port: number;
  url: string;
  received: Received[];
  /** While true every connection is refused with 421 at the greeting. */
  down: boolean;
  /** Recipients answered 550 (no such mailbox). */
  refused: Set<string>;
  /** How long the server takes to accept a message after its data (a slow or distant server). */
  delayMs: number;
  waitFor(count: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export async function startSmtpStandIn(): Promise<SmtpStandIn> {
  const received: Received[] = [];
  const sockets = new Set<net.Socket>();
  const state = { down: false, refused: new Set<string>(), delayMs: 0 };
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    socket.setEncoding('utf8');
    const reply = (line: string) => socket.write(`${line}\r\n`);
    if (state.down) {
      reply('421 4.3.2 service not available, try again later');
      socket.end();
      return;
    }
    let buffer = '';
    let inData = false;
    let awaiting: 'plain' | 'login-user' | 'login-pass' | null = null;
    let current: Received = { from: '', to: [], auth: null, data: '' };
    let auth: string | null = null;
    reply('220 stand-in ESMTP');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end === -1) return;
          current.data = buffer.slice(0, end).replace(/^\.\./gm, '.');
          buffer = buffer.slice(end + 5);
          inData = false;
          const message = { ...current, auth };
          current = { from: '', to: [], auth: null, data: '' };
          const accept = () => {
            received.push(message);
            if (!socket.destroyed) reply('250 2.0.0 queued');
          };
          if (state.delayMs > 0) setTimeout(accept, state.delayMs);
          else accept();
          continue;
        }
        const newline = buffer.indexOf('\r\n');
        if (newline === -1) return;
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 2);
        if (awaiting === 'plain') {
          auth = Buffer.from(line, 'base64').toString('utf8');
          awaiting = null;
          reply('235 2.7.0 accepted');
          continue;
        }
        if (awaiting === 'login-user') {
          auth = Buffer.from(line, 'base64').toString('utf8');
          awaiting = 'login-pass';
          reply('334 UGFzc3dvcmQ6');
          continue;
        }
        if (awaiting === 'login-pass') {
          auth = `${auth}:${Buffer.from(line, 'base64').toString('utf8')}`;
          awaiting = null;
          reply('235 2.7.0 accepted');
          continue;
        }
        const verb = line.split(' ')[0]!.toUpperCase();
        if (verb === 'EHLO') socket.write('250-stand-in\r\n250-AUTH PLAIN LOGIN\r\n250-8BITMIME\r\n250 SMTPUTF8\r\n');
        else if (verb === 'HELO') reply('250 stand-in');
        else if (verb === 'AUTH') {
          const [, mechanism, initial] = line.split(' ');
          if (mechanism?.toUpperCase() === 'PLAIN' && initial) {
            auth = Buffer.from(initial, 'base64').toString('utf8');
            reply('235 2.7.0 accepted');
          } else if (mechanism?.toUpperCase() === 'PLAIN') {
            awaiting = 'plain';
            reply('334 ');
          } else {
            awaiting = 'login-user';
            reply('334 VXNlcm5hbWU6');
          }
        } else if (verb === 'MAIL') {
          current = { from: /<([^>]*)>/.exec(line)?.[1] ?? '', to: [], auth: null, data: '' };
          reply('250 2.1.0 ok');
        } else if (verb === 'RCPT') {
          const to = /<([^>]*)>/.exec(line)?.[1] ?? '';
          if (state.refused.has(to.toLowerCase())) reply('550 5.1.1 no such mailbox here');
          else {
            current.to.push(to);
            reply('250 2.1.5 ok');
          }
        } else if (verb === 'DATA') {
          if (current.to.length === 0) reply('554 5.5.1 no valid recipients');
          else {
            inData = true;
            reply('354 end with <CRLF>.<CRLF>');
          }
        } else if (verb === 'RSET' || verb === 'NOOP') reply('250 ok');
        else if (verb === 'QUIT') {
          reply('221 bye');
          socket.end();
        } else reply('502 5.5.2 not implemented');
      }
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    get down() {
      return state.down;
    },
    set down(value: boolean) {
      state.down = value;
    },
    refused: state.refused,
    get delayMs() {
      return state.delayMs;
    },
    set delayMs(value: number) {
      state.delayMs = value;
    },
    async waitFor(count: number, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} messages, got ${received.length}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      server.close();
      await once(server, 'close').catch(() => {});
    },
  };
}

/** A port nothing listens on. */
export async function closedPort(): Promise<number> {
  const server = net.createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const port = (server.address() as net.AddressInfo).port;
  server.close();
  await once(server, 'close');
  return port;
}
