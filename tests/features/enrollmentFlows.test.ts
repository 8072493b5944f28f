// Enrollment flows with a real store, sagas and msw: mailings, participation, payment and its polling.
import { http, HttpResponse } from 'msw';
import { setSiteExit } from '../../src/app/navigation.ts';
import { makeStore } from '../../src/app/store.ts';
import { ensureResource } from '../../src/data/cache.ts';
import { server } from '../support/server.ts';
import { storeSession } from '../support/tokens.ts';
import { mailingMutation, participationCreateMutation, paymentCreateMutation } from '../../src/features/enrollment/index.ts';
import { paymentPollingStarted, paymentPollingStopped } from '../../src/features/enrollment/index.ts';
import { startMutation } from '../../src/data/mutation.ts';
import { selectMutation } from '../../src/data/mutationState.ts';

const until = (check: () => boolean) => vi.waitFor(() => expect(check()).toBe(true));

describe('enrollment flows', () => {
  beforeEach(() => storeSession());
  afterEach(() => vi.useRealTimers());

  it('subscribing to news is blocked while loading and refreshes the course', async () => {
    let posts = 0;
    let courseGets = 0;
    server.use(
      http.post('/api/v1/courses/4/subscribe-for-mailouts/', async () => {
        posts += 1;
        await new Promise((resolve) => setTimeout(resolve, 20));
        return new HttpResponse(null, { status: 204 });
      }),
      http.get('/api/v1/courses/4/', () => {
        courseGets += 1;
        return HttpResponse.json({ id: 4, subscribedForMailouts: courseGets > 1 });
      }),
    );
    const store = makeStore();
    store.dispatch(ensureResource('course', 4));
    await until(() => courseGets === 1);
    void startMutation(store, mailingMutation, { courseId: 4, subscribe: true });
    void startMutation(store, mailingMutation, { courseId: 4, subscribe: true });
    await until(() => store.getState().resources['course:4']?.data !== undefined && courseGets === 2);
    expect(posts).toBe(1);
    await until(() => (store.getState().resources['course:4']?.data as { subscribedForMailouts: boolean }).subscribedForMailouts);
  });

  it('the answer of participation creation replaces the course details', async () => {
    server.use(http.post('/api/v1/courses/6/create-participants/', () => HttpResponse.json({ id: 6, title: 'Обновлённый' })));
    const store = makeStore();
    void startMutation(store, participationCreateMutation, { courseId: 6 });
    await until(() => selectMutation(store.getState(), participationCreateMutation).status === 'success');
    expect(store.getState().resources['course:6']?.data).toEqual({ id: 6, title: 'Обновлённый' });
  });

  it('payment creation sends the browser to the returned address; a lesson error is kept', async () => {
    const exits: string[] = [];
    setSiteExit((url) => exits.push(url));
    let body: unknown;
    server.use(
      http.post('/api/v1/payments/', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ details: { redirectTo: 'https://checkout.example/42' } });
      }),
    );
    const store = makeStore();
    void startMutation(store, paymentCreateMutation, { system: 'yookassa', currency: 'CURRENCY_CHOICE_RUB', lessons: [1, 2] });
    await until(() => exits.length === 1);
    expect(exits).toEqual(['https://checkout.example/42']);
    expect(body).toEqual({ system: 'yookassa', currency: 'CURRENCY_CHOICE_RUB', lessons: [1, 2] });

    server.use(
      http.post('/api/v1/payments/', () => HttpResponse.json({ lessons: { lessons_are_fully_occupied: ['{lessons:[3]}'] } }, { status: 400 })),
    );
    void startMutation(store, paymentCreateMutation, { system: 'yookassa', currency: 'CURRENCY_CHOICE_RUB', lessons: [3] });
    await until(() => selectMutation(store.getState(), paymentCreateMutation).status === 'failure');
    expect(selectMutation(store.getState(), paymentCreateMutation).error?.byFields).toHaveProperty('lessons_are_fully_occupied');
  });

  /** Lets pending requests and saga steps finish without moving the (fake) clock. */
  async function settle(check: () => boolean) {
    for (let i = 0; i < 200 && !check(); i += 1) await new Promise((resolve) => setImmediate(resolve));
    expect(check()).toBe(true);
  }

  it('polls the current payment every 5 s while it is in progress, and stops when completed', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const states = ['STATE_IN_PROGRESS', 'STATE_IN_PROGRESS', 'STATE_COMPLETED'];
    let gets = 0;
    server.use(
      http.get('/api/v1/payments/current/', () => {
        const state = states[Math.min(gets, states.length - 1)];
        gets += 1;
        return HttpResponse.json({ id: 1, details: { state } });
      }),
    );
    const store = makeStore();
    const polled = () => (store.getState().resources.currentPayment?.loading === false ? gets : -1);
    store.dispatch(paymentPollingStarted());
    await settle(() => polled() === 1);
    await vi.advanceTimersByTimeAsync(4900);
    await settle(() => true);
    expect(gets).toBe(1);
    await vi.advanceTimersByTimeAsync(100);
    await settle(() => polled() === 2);
    await vi.advanceTimersByTimeAsync(5000);
    await settle(() => polled() === 3);
    await vi.advanceTimersByTimeAsync(20000);
    await settle(() => true);
    expect(gets).toBe(3);
    expect((store.getState().resources.currentPayment?.data as { details: { state: string } }).details.state).toBe('STATE_COMPLETED');
  });

  it('stops polling when the page is left', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let gets = 0;
    server.use(
      http.get('/api/v1/payments/current/', () => {
        gets += 1;
        return HttpResponse.json({ id: 1, details: { state: 'STATE_IN_PROGRESS' } });
      }),
    );
    const store = makeStore();
    store.dispatch(paymentPollingStarted());
    await settle(() => gets === 1 && store.getState().resources.currentPayment?.loading === false);
    store.dispatch(paymentPollingStopped());
    await vi.advanceTimersByTimeAsync(20000);
    await settle(() => true);
    expect(gets).toBe(1);
  });
});
