// A path on this site (common/sitePaths.ts): the one rule both programs check addresses with, so that no address an
// author saves or the site follows takes the browser to another host.
import { fileUrlField } from '../../common/mutabo/fields.ts';
import { isSitePath } from '../../common/sitePaths.ts';
import { downloadLink } from '../../src/features/library/libraryLinks.ts';

const OFFSITE = ['//evil.example/x.png', '/\\evil.example/x.png', '/\\/evil.example/x.png', '/\t/evil.example/x.png', '/\n/evil.example/x.png'];

describe('a path on this site', () => {
  it('is / followed by anything but / or \\', () => {
    for (const path of ['/', '/media/0123456789abcdef/a.png', '/courses/1?x=//y', '/a\\b', '/%5Cevil.example']) expect(isSitePath(path), path).toBe(true);
  });

  it('is not an address a browser takes to another host, nor anything that does not start with /', () => {
    // A browser reads a backslash as a slash, and drops tabs and line breaks from an address.
    for (const path of [...OFFSITE, '', 'media/a.png', ' /a', 'https://evil.example/', 'javascript:alert(1)']) expect(isSitePath(path), JSON.stringify(path)).toBe(false);
  });

  it('is what the authors’ image and file fields accept, besides http(s) links', () => {
    expect(fileUrlField.safeParse('/media/0123456789abcdef/a.png').success).toBe(true);
    expect(fileUrlField.safeParse('https://example.org/a.png').success).toBe(true);
    expect(fileUrlField.safeParse('/\\evil.example/x.png').success).toBe(false);
    expect(fileUrlField.safeParse('//evil.example/x.png').success).toBe(false);
  });

  it('is the only kind of library file the site links to on the library’s server; an offsite one gets no link', () => {
    expect(downloadLink({ externalLink: null, file: '/media/0123456789abcdef/a.pdf' })).toEqual({ kind: 'file', href: '/media/0123456789abcdef/a.pdf' });
    expect(downloadLink({ externalLink: null, file: 'https://files.example.org/a.pdf' })).toEqual({ kind: 'file', href: 'https://files.example.org/a.pdf' });
    for (const file of [...OFFSITE, 'javascript:alert(1)']) expect(downloadLink({ externalLink: null, file }), JSON.stringify(file)).toBeNull();
  });
});
