// One rule for the site's absolute addresses (canonical links, og:url and og:image, the sitemap, the policy's link):
// PUBLIC_URL's own path kept, no doubled slash, an international host in its ASCII form.
import { describe, expect, it } from 'vitest';
import { absoluteUrl } from '../../common/pageMeta.ts';

describe('absoluteUrl', () => {
  it('joins PUBLIC_URL and a site path with one slash, keeping a path of its own', () => {
    expect(absoluteUrl('https://school.example.org', '/courses/2')).toBe('https://school.example.org/courses/2');
    expect(absoluteUrl('https://school.example.org/', '/about')).toBe('https://school.example.org/about');
    expect(absoluteUrl('https://example.org/school', '/policy')).toBe('https://example.org/school/policy');
    expect(absoluteUrl('http://127.0.0.1:8080', '/')).toBe('http://127.0.0.1:8080/');
  });

  it('writes an international host name in its ASCII form, as crawlers and link previews read it', () => {
    expect(absoluteUrl('https://школа.рф', '/courses/2')).toBe('https://xn--80atdl2c.xn--p1ai/courses/2');
  });
});
