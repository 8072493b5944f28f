// A request whose answer may take long after its last byte arrived (a recording's last tus PATCH: the probe, then the
// file stored, into S3 a few gigabytes): its connection may stay silent meanwhile. The server's idle timeout (app.ts
// HTTP_TIMEOUTS.idleMs, 30 s) would close it, and the author would see a dropped upload that had in fact finished.
import type { IncomingMessage, ServerResponse } from 'node:http';

/** As long as nginx waits for the upload's answer (deploy/nginx.conf: proxy_read_timeout 300s on the upload path). */
export const QUIET_ANSWER_IDLE_MS = 300_000;

/** Lets this request's connection be silent for `idleMs`; once the answer is sent, the connection's usual timeout is back. */
export function allowQuietAnswer(request: IncomingMessage, response: ServerResponse, idleMs = QUIET_ANSWER_IDLE_MS): void {
  const socket = request.socket;
  // A request made in the process (Fastify's inject, the tests') has no real socket and no timeout to lift.
  if (typeof socket?.setTimeout !== 'function') return;
  const usual = socket.timeout ?? 0;
  socket.setTimeout(idleMs);
  // A kept-alive connection then waits for its next request no longer than any other.
  response.once('close', () => {
    if (!socket.destroyed) socket.setTimeout(usual);
  });
}
