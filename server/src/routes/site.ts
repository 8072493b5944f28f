// The built site (dist/): static files, hashed assets cached for a year, the course pages' preview pictures (/og/), and
// the history fallback to index.html (status 404 for an address the site has no page for: the site shows its
// not-found screen). A page of the site is answered with its HTML unless the client asks for JSON only: a link
// preview bot or a crawler sends `Accept: */*` or nothing at all.
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isSitePage } from '../../../common/sitePaths.ts';
import { messages } from '../http/messages.ts';
import { createOgImages } from '../services/content/ogImages.ts';
import { ogImageRoutes } from './ogImages.ts';
import { createIndexRenderer } from '../http/siteInitialData.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';

function isApiPath(url: string): boolean {
  const pathname = url.split('?', 1)[0]!;
  return pathname === '/api' || pathname.startsWith('/api/') || pathname === '/healthz';
}

/** The media ranges of an Accept header that the client takes at all (q > 0), without their parameters. */
function acceptedTypes(accept: string): string[] {
  return accept
    .split(',')
    .map((range) => range.split(';'))
    .filter(([, ...parameters]) => !parameters.some((parameter) => /^\s*q\s*=\s*0(\.0*)?\s*$/i.test(parameter)))
    .map(([type]) => type!.trim().toLowerCase())
    .filter((type) => type !== '');
}

/** Whether the client takes only JSON (`application/json`, `application/problem+json`…): it gets the API's JSON 404. */
function acceptsOnlyJson(accept: string | undefined): boolean {
  const types = acceptedTypes(accept ?? '');
  return types.length > 0 && types.every((type) => type === 'application/json' || /^application\/[\w.-]+\+json$/.test(type));
}

/**
 * Whether to answer with a page: a GET (or HEAD) of anything but the API that asks for HTML, or of one of the site's
 * pages by a client that does not ask for JSON only.
 */
function wantsPage(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (isApiPath(request.url)) return false;
  if (acceptedTypes(request.headers.accept ?? '').includes('text/html')) return true;
  return isSitePage(request.url.split('?', 1)[0]!) && !acceptsOnlyJson(request.headers.accept);
}

/** Serves distDir when it holds index.html; unknown API paths always get a JSON 404. */
export async function registerSite(app: FastifyInstance, distDir: string | null): Promise<void> {
  const root = distDir && existsSync(path.join(distDir, 'index.html')) ? path.resolve(distDir) : null;
  if (root) {
    const assetsDir = path.join(root, 'assets') + path.sep;
    await app.register(fastifyStatic, {
      root,
      wildcard: true,
      // index.html is rendered per page (initial data, preloads): see http/siteInitialData.ts.
      index: false,
      allowedPath: (pathname) => pathname !== '/index.html',
      cacheControl: false,
      // The build's Brotli copies of the scripts and styles (quality 11, vite.config.ts): sent as they are, smaller
      // than what the compression of each answer makes.
      preCompressed: true,
      setHeaders(reply, filePath) {
        if (filePath.startsWith(assetsDir)) reply.header('cache-control', IMMUTABLE);
        else if (filePath.endsWith('.html')) reply.header('cache-control', 'no-cache');
        else reply.header('cache-control', 'public, max-age=3600');
      },
    });
  } else if (distDir) {
    app.log.warn({ distDir }, 'the site is not built (no index.html): only the API is served');
  }

  const ogImages = createOgImages({ db: app.deps.db, siteRoot: root, log: app.log });
  await app.register(ogImageRoutes(ogImages));

  const indexRenderer = root ? createIndexRenderer(root, ogImages) : null;
  const sendIndex = async (request: FastifyRequest, reply: FastifyReply) => {
    const page = await indexRenderer!.render(app, request.url);
    // A view of a public page (services/stats/viewCounter.ts decides which count): its HTML, however it was read.
    if (request.method === 'GET' && page.status === 200) {
      app.deps.pageViews.countHtml(request.url.split('?', 1)[0]!, { userAgent: request.headers['user-agent'], address: request.ip });
    }
    // The same address answers JSON to a client that takes only JSON.
    return reply.code(page.status).header('cache-control', 'no-cache').header('vary', 'accept').type('text/html; charset=utf-8').send(page.html);
  };
  // The static files never answer `/` (no directory index): the page is rendered like every other route.
  if (indexRenderer) app.get('/', sendIndex);

  app.setNotFoundHandler(async (request, reply) => {
    if (wantsPage(request)) {
      if (indexRenderer) return sendIndex(request, reply);
      return reply.code(404).send({ detail: messages.siteNotBuilt });
    }
    if (!isApiPath(request.url) && isSitePage(request.url.split('?', 1)[0]!)) reply.header('vary', 'accept');
    return reply.code(404).send({ detail: messages.notFound });
  });
}
