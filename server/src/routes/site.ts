// The built site (dist/): static files, hashed assets cached for a year, and the history fallback to index.html
// (status 404 for an address the site has no page for: the site shows its not-found screen).
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { messages } from '../http/messages.ts';
import { createIndexRenderer } from './siteInitialData.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';

function isApiPath(url: string): boolean {
  const pathname = url.split('?', 1)[0]!;
  return pathname === '/api' || pathname.startsWith('/api/') || pathname === '/healthz';
}

function wantsHtml(request: FastifyRequest): boolean {
  return (request.method === 'GET' || request.method === 'HEAD') && (request.headers.accept ?? '').includes('text/html');
}

/** Serves distDir when it holds index.html; unknown API paths always get a JSON 404. */
export async function registerSite(app: FastifyInstance, distDir: string | null): Promise<void> {
  const root = distDir && existsSync(path.join(distDir, 'index.html')) ? path.resolve(distDir) : null;
  if (root) {
    const assetsDir = path.join(root, 'assets') + path.sep;
    await app.register(fastifyStatic, {
      root,
      wildcard: true,
      // index.html is rendered per page (initial data, preloads): see siteInitialData.ts.
      index: false,
      allowedPath: (pathname) => pathname !== '/index.html',
      cacheControl: false,
      setHeaders(reply, filePath) {
        if (filePath.startsWith(assetsDir)) reply.header('cache-control', IMMUTABLE);
        else if (filePath.endsWith('.html')) reply.header('cache-control', 'no-cache');
        else reply.header('cache-control', 'public, max-age=3600');
      },
    });
  } else if (distDir) {
    app.log.warn({ distDir }, 'the site is not built (no index.html): only the API is served');
  }

  const indexRenderer = root ? createIndexRenderer(root) : null;
  const sendIndex = async (request: FastifyRequest, reply: FastifyReply) => {
    const page = await indexRenderer!.render(app, request.url);
    return reply.code(page.status).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(page.html);
  };
  // The static files never answer `/` (no directory index): the page is rendered like every other route.
  if (indexRenderer) app.get('/', sendIndex);

  app.setNotFoundHandler(async (request, reply) => {
    if (!isApiPath(request.url) && wantsHtml(request)) {
      if (indexRenderer) return sendIndex(request, reply);
      return reply.code(404).send({ detail: messages.siteNotBuilt });
    }
    return reply.code(404).send({ detail: messages.notFound });
  });
}
