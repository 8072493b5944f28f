// A tus PATCH's body read from Node's own request. @tus/server 2 hands its PATCH handler the body as a web stream that
// srvx makes from the Node request (Readable.toWeb) and turns it back into a Node stream (Readable.fromWeb) to write
// it: every 64 KiB chunk then passes through both adapters, and a gigabyte's upload spent a quarter of its time in the
// garbage collector (0.41 of a plain PUT's rate; docs/BENCHMARKS.md, «Recordings»). Here the handler's write reads the
// Node request itself; the rest of the PATCH (the lock, the offset's 409, the size's 413, the hooks) is still tus's.
import type { IncomingMessage } from 'node:http';
import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Server } from '@tus/server';
import { ERRORS, StreamLimiter, type CancellationContext, type DataStore, type Upload } from '@tus/utils';

/** The request's Node message behind tus's web Request (srvx keeps it as runtime.node.req). */
export const nodeRequest = (req: Request) => (req as unknown as { runtime?: { node?: { req?: IncomingMessage } } }).runtime?.node?.req;

/** The part of tus's PATCH handler replaced here (`writeToStore` is protected in its types). */
interface PatchInternals {
  store: DataStore;
  send(req: Request, context: CancellationContext, headers?: Headers): Promise<Response>;
  writeToStore(body: ReadableStream | null, upload: Upload, maxBodySize: number, context: CancellationContext): Promise<number>;
}

/** An empty web stream standing for a Node request's body (it is never read: the write below reads the request). */
const nodeBodies = new WeakMap<ReadableStream, IncomingMessage>();

/**
 * Writes the Node request's body to the store as tus's own write does (bytes up to `maxBodySize`; an abort, such as
 * another request asking for the lock or the client going away, ends the write with what has arrived; a request's
 * error ends it as aborted), without the web stream in between.
 */
async function writeNodeBody(store: DataStore, source: IncomingMessage, upload: Upload, maxBodySize: number, context: CancellationContext): Promise<number> {
  if (context.signal.aborted) throw ERRORS.ABORTED;
  // The request is piped through a PassThrough so that a failed write does not destroy the request (the client would
  // see a hang-up instead of the answer).
  const proxy = new PassThrough();
  let sourceError: unknown = null;
  const onSourceError = (error: unknown) => {
    sourceError = error;
    source.unpipe(proxy);
    if (!context.signal.aborted) proxy.destroy(error as Error);
  };
  const onAbort = () => {
    source.unpipe(proxy);
    if (!proxy.destroyed) proxy.end();
  };
  source.on('error', onSourceError);
  context.signal.addEventListener('abort', onAbort, { once: true });
  try {
    // The last step gets the limiter itself (typed as an iterable only), which the store writes as a stream.
    return await pipeline(source.pipe(proxy), new StreamLimiter(maxBodySize), (limited) => store.write(limited as Readable, upload.id, upload.offset));
  } catch (error) {
    source.unpipe(proxy);
    const aborted = (sourceError !== null && error === sourceError) || (error instanceof Error && error.name === 'AbortError');
    throw aborted ? ERRORS.ABORTED : error;
  } finally {
    source.off('error', onSourceError);
    context.signal.removeEventListener('abort', onAbort);
  }
}

/** Makes `server`'s PATCH handler read request bodies from Node's request (for requests that came through `handle`). */
export function readPatchBodiesFromNode(server: Server): void {
  const handler = server.handlers.PATCH as unknown as PatchInternals;
  const send = handler.send.bind(handler);
  const writeToStore = handler.writeToStore.bind(handler);
  handler.send = (req, context, headers) => {
    const source = nodeRequest(req);
    if (source) {
      const stand = new ReadableStream();
      nodeBodies.set(stand, source);
      // Shadows srvx's `body` getter, which would start reading the request into a web stream at its first touch.
      Object.defineProperty(req, 'body', { value: stand, configurable: true });
    }
    return send(req, context, headers);
  };
  handler.writeToStore = (body, upload, maxBodySize, context) => {
    const source = body && nodeBodies.get(body);
    return source ? writeNodeBody(handler.store, source, upload, maxBodySize, context) : writeToStore(body, upload, maxBodySize, context);
  };
}
