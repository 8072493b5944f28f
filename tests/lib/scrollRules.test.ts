import { shouldResetScroll } from '../../src/lib/scrollRules.ts';

describe('shouldResetScroll', () => {
  it.each([
    ['/account/profile', '/account/courses'],
    ['/account/courses', '/account/profile'],
    ['/account/profile', '/account/profile/editor'],
    ['/account/profile/editor', '/account/profile'],
    ['/account/profile/', '/account/courses/'],
  ])('keeps the position from %s to %s', (from, to) => {
    expect(shouldResetScroll(from, to)).toBe(false);
  });

  it.each([
    ['/', '/about'],
    ['/courses/1', '/courses/2'],
    ['/account/courses', '/account/profile/editor'],
    ['/account/profile/editor', '/account/courses'],
    ['/library', '/account/profile'],
    ['/account/profile', '/'],
  ])('scrolls to the top from %s to %s', (from, to) => {
    expect(shouldResetScroll(from, to)).toBe(true);
  });

  it('does not move when the path stays the same (only the query or hash changed)', () => {
    expect(shouldResetScroll('/library', '/library')).toBe(false);
    expect(shouldResetScroll('/library/', '/library')).toBe(false);
  });
});
