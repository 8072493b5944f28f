// http/quietAnswer.ts: a request may keep its connection silent while its answer is made, and the connection gets its
// usual idle timeout back once the answer is sent.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { allowQuietAnswer } from '../src/http/quietAnswer.ts';

it('lets the connection be silent longer than the server allows, then gives it back the usual idle timeout', async () => {
  const seen: { during: number | undefined; after: number | undefined } = { during: undefined, after: undefined };
  const server = http.createServer((request, response) => {
    allowQuietAnswer(request, response, 5_000);
    seen.during = request.socket.timeout;
    // Silent for three times the server's idle timeout.
    setTimeout(() => {
      response.end('done');
      response.once('close', () => (seen.after = request.socket.timeout));
    }, 600);
  });
  server.timeout = 200;
  server.keepAliveTimeout = 10_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const answer = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    expect(await answer.text()).toBe('done');
    expect(seen.during).toBe(5_000);
    await vi.waitFor(() => expect(seen.after).toBe(200));
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});
