// The resource cache rules of spec section 4, with a real store, real sagas and msw.
import { http, HttpResponse } from 'msw';
import { makeStore } from '../../src/app/store.ts';
import { registeredTags } from '../../src/data/resource.ts';
import { siteResources } from '../../src/data/siteResources.ts';
import { selectResource } from '../../src/data/selectors.ts';
import { ensureResource, resourceRemoved, resourcesInvalidated, tagsInvalidated } from '../../src/data/cache.ts';
import { loggedOut } from '../../src/features/session/slice.ts';
import { server } from '../support/server.ts';

function countingHandler(path: string, answer: () => unknown) {
  const calls = { count: 0 };
  server.use(
    http.get(path, async () => {
      calls.count += 1;
      await new Promise((resolve) => setTimeout(resolve, 10));
      return HttpResponse.json(answer() as object);
    }),
  );
  return calls;
}

const until = (check: () => boolean) => vi.waitFor(() => expect(check()).toBe(true));

describe('the resource cache', () => {
  it('fetches a missing list once even when asked many times, and marks loading meanwhile', async () => {
    const calls = countingHandler('/api/v1/authors/', () => [{ id: 1, firstName: 'Анна' }]);
    const store = makeStore();
    store.dispatch(ensureResource('authors'));
    store.dispatch(ensureResource('authors'));
    expect(selectResource(store.getState(), 'authors').loading).toBe(true);
    await until(() => selectResource(store.getState(), 'authors').loaded);
    store.dispatch(ensureResource('authors'));
    expect(calls.count).toBe(1);
    expect(selectResource(store.getState(), 'authors').data).toEqual([{ id: 1, firstName: 'Анна' }]);
  });

  it('refetches only after the resource is flagged invalid, and keeps the old data while it does', async () => {
    let version = 1;
    const calls = countingHandler('/api/v1/courses/', () => [{ id: version }]);
    const store = makeStore();
    store.dispatch(ensureResource('courses'));
    await until(() => selectResource(store.getState(), 'courses').loaded);
    version = 2;
    store.dispatch(resourcesInvalidated(['courses']));
    store.dispatch(ensureResource('courses'));
    expect(selectResource(store.getState(), 'courses').data).toEqual([{ id: 1 }]);
    await until(() => !selectResource(store.getState(), 'courses').loading);
    expect(selectResource(store.getState(), 'courses').data).toEqual([{ id: 2 }]);
    store.dispatch(ensureResource('courses'));
    expect(calls.count).toBe(2);
  });

  it('keys items by their argument and invalidates every item of a resource', async () => {
    const calls = countingHandler('/api/v1/courses/:id/', () => ({ id: 7 }));
    const store = makeStore();
    store.dispatch(ensureResource('course', 7));
    store.dispatch(ensureResource('course', 8));
    await until(() => selectResource(store.getState(), 'course', 8).loaded && selectResource(store.getState(), 'course', 7).loaded);
    expect(calls.count).toBe(2);
    store.dispatch(resourcesInvalidated(['course']));
    store.dispatch(ensureResource('course', 7));
    await until(() => calls.count === 3);
  });

  it('keeps a failure as the request error and does not hammer the server', async () => {
    const calls = { count: 0 };
    server.use(
      http.get('/api/v1/quotations/', () => {
        calls.count += 1;
        return HttpResponse.json({ detail: 'Сервис недоступен.' }, { status: 503 });
      }),
    );
    const store = makeStore();
    store.dispatch(ensureResource('quotations'));
    await until(() => selectResource(store.getState(), 'quotations').error !== null);
    expect(selectResource(store.getState(), 'quotations').error).toEqual({
      message: 'Сервис недоступен.',
      statusCode: 503,
      byFields: { detail: 'Сервис недоступен.' },
    });
    store.dispatch(ensureResource('quotations'));
    expect(calls.count).toBe(1);
  });

  it('removes an item on delete and empties everything on logout', async () => {
    countingHandler('/api/v1/courses/:id/', () => ({ id: 3 }));
    countingHandler('/api/v2/user/pages-content/timetable/', () => ({ name: 'Расписание', text: '' }));
    const store = makeStore();
    store.dispatch(ensureResource('course', 3));
    store.dispatch(ensureResource('timetable'));
    await until(() => selectResource(store.getState(), 'timetable').loaded && selectResource(store.getState(), 'course', 3).loaded);
    store.dispatch(resourceRemoved('course:3'));
    expect(selectResource(store.getState(), 'course', 3).data).toBeUndefined();
    expect(selectResource(store.getState(), 'timetable').loaded).toBe(true);
    store.dispatch(loggedOut());
    expect(store.getState().resources).toEqual({});
  });
});

describe('the tags the cache is refetched by', () => {
  it('are given to every resource, the area\'s included', async () => {
    await import('../../src/mutabo/areaResources.ts');
    const tags = registeredTags();
    for (const name of Object.keys(siteResources)) expect(tags[name], `the tags of ${name}`).toBeDefined();
    expect(Object.keys(tags).some((name) => name.startsWith('area.'))).toBe(true);
    for (const [name, shown] of Object.entries(tags)) expect(shown, `the tags of ${name}`).not.toHaveLength(0);
  });

  it('make a course changed in the area refetch the course, its lessons and the lists, and nothing else', async () => {
    const store = makeStore({
      resources: Object.fromEntries(
        ['course:5', 'lessons:5', 'courses', 'authors', 'quotations', 'me'].map((key) => [
          key,
          { data: {}, loaded: true, loading: false, invalid: false, error: null },
        ]),
      ),
    });
    const invalid = () => Object.keys(store.getState().resources).filter((key) => store.getState().resources[key]!.invalid);
    store.dispatch(tagsInvalidated(['courses']));
    expect(invalid().sort()).toEqual(['course:5', 'courses', 'lessons:5']);
    store.dispatch(tagsInvalidated(['authors']));
    expect(invalid().sort()).toEqual(['authors', 'course:5', 'courses', 'lessons:5']);
  });
});
