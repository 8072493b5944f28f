import { UNSAFE_createMemoryHistory } from 'react-router-dom';
import { guardHistory } from '../../src/app/siteHistory.ts';

function historyAt(...entries: string[]) {
  const history = guardHistory(UNSAFE_createMemoryHistory({ initialEntries: entries, v5Compat: true }));
  const seen: string[] = [];
  history.listen(() => seen.push(history.location().pathname));
  return { history, seen };
}

describe('the site history’s leave guard', () => {
  it('holds a navigation the guard refuses until it proceeds, and lets the next one ask again', () => {
    const { history, seen } = historyAt('/mutabo/courses/5');
    const asked: string[] = [];
    history.block(({ currentLocation, nextLocation }) => {
      asked.push(`${currentLocation.pathname} → ${nextLocation.pathname}`);
      return true;
    });
    history.navigator.push('/mutabo/courses');
    expect(history.isHeld()).toBe(true);
    expect(history.location().pathname).toBe('/mutabo/courses/5');
    expect(seen).toEqual([]);
    history.proceed();
    expect(history.isHeld()).toBe(false);
    expect(history.location().pathname).toBe('/mutabo/courses');
    expect(seen).toEqual(['/mutabo/courses']);
    expect(asked).toEqual(['/mutabo/courses/5 → /mutabo/courses']);

    history.navigator.replace('/mutabo');
    expect(history.isHeld()).toBe(true);
    history.reset();
    expect(history.isHeld()).toBe(false);
    expect(history.location().pathname).toBe('/mutabo/courses');
  });

  it('undoes Back while it is held and goes back on proceed', () => {
    const { history, seen } = historyAt('/mutabo', '/mutabo/courses/5');
    const unblock = history.block(() => true);
    const heldChanges: boolean[] = [];
    history.listenHeld(() => heldChanges.push(history.isHeld()));
    history.navigator.go(-1);
    expect(history.isHeld()).toBe(true);
    expect(history.location().pathname).toBe('/mutabo/courses/5');
    expect(seen).toEqual([]);
    history.proceed();
    expect(history.location().pathname).toBe('/mutabo');
    expect(seen).toEqual(['/mutabo']);
    expect(heldChanges).toEqual([true, false]);

    unblock();
    history.navigator.go(1);
    expect(history.isHeld()).toBe(false);
    expect(history.location().pathname).toBe('/mutabo/courses/5');
  });

  it('lets everything through without a guard, and a removed guard does not remove its successor', () => {
    const { history } = historyAt('/');
    const first = history.block(() => true);
    history.block(({ nextLocation }) => nextLocation.pathname === '/library');
    first();
    history.navigator.push('/about?x=1#y');
    expect(history.location()).toMatchObject({ pathname: '/about', search: '?x=1', hash: '#y' });
    history.navigator.push('/library');
    expect(history.isHeld()).toBe(true);
  });
});
