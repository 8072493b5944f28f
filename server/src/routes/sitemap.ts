// GET /sitemap.xml and /robots.txt, at the site's root (services/content/sitemap.ts). The sitemap is kept in the public cache,
// which every write to the courses or pages empties.
import type { FastifyInstance } from 'fastify';
import { cachedSitemap, robotsTxt } from '../services/content/sitemap.ts';

export async function sitemapRoutes(app: FastifyInstance): Promise<void> {
  const publicUrl = app.deps.config.publicUrl;
  app.get('/sitemap.xml', async (_request, reply) => {
    const xml = await cachedSitemap(app.deps);
    return reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600').send(xml);
  });
  app.get('/robots.txt', async (_request, reply) => reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=86400').send(robotsTxt(publicUrl)));
}
