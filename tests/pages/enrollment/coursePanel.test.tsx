// The course side panel of a logged-in user: heading, news by mail, participation in a course without prices, errors.
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { CourseDetails } from '../../../common/wireTypes.ts';
import { server } from '../../support/server.ts';
import {
  COURSE_TITLE,
  answerCourse,
  course,
  coursePanel,
  gate,
  lesson,
  lessons,
  renderAsUser,
} from './enrollmentTestKit.ts';

const QUESTION = `Вы действительно хотите отписаться от новостей курса «${COURSE_TITLE}»?`;

describe('the panel heading', () => {
  it.each([
    ['Участник курса', lessons(3, (n) => (n === 2 ? { participationState: 'approved' } : {}))],
    ['Идёт набор', lessons(3, (n) => (n === 1 ? { hasFreePlaces: false } : {}))],
    ['Все места распроданы', lessons(3, () => ({ hasFreePlaces: false }))],
  ])('is «%s» by the lessons', async (heading, courseLessons) => {
    answerCourse(course({ lessons: courseLessons }));
    renderAsUser('/courses/5');
    const panel = await coursePanel();
    expect(within(panel).getByRole('heading', { level: 2, name: heading })).toBeInTheDocument();
  });
});

describe('news by mail', () => {
  it('subscribes, then says the news comes and offers to unsubscribe', async () => {
    let subscribed = false;
    let posts = 0;
    answerCourse(() => course({ subscribedForMailouts: subscribed }));
    server.use(
      http.post('*/api/v1/courses/5/subscribe-for-mailouts/', () => {
        posts += 1;
        subscribed = true;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = renderAsUser('/courses/5');
    const panel = await coursePanel();
    expect(within(panel).queryByText('Вы получаете новости этого курса')).not.toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Подписаться на новости' }));
    expect(await within(panel).findByText('Вы получаете новости этого курса')).toBeInTheDocument();
    expect(posts).toBe(1);
    expect(within(panel).queryByRole('button', { name: 'Подписаться на новости' })).not.toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Отписаться от новостей' })).toBeEnabled();
  });

  it('asks before unsubscribing; «Закрыть» keeps the subscription, «Да» ends it', async () => {
    let subscribed = true;
    let posts = 0;
    answerCourse(() => course({ subscribedForMailouts: subscribed }));
    server.use(
      http.post('*/api/v1/courses/5/unsubscribe-from-mailouts/', () => {
        posts += 1;
        subscribed = false;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = renderAsUser('/courses/5');
    const panel = await coursePanel();
    expect(within(panel).getByText('Вы получаете новости этого курса')).toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'Отписаться от новостей' }));
    let dialog = screen.getByRole('dialog', { name: QUESTION });
    await user.click(within(dialog).getByRole('button', { name: 'Закрыть' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(posts).toBe(0);

    await user.click(within(panel).getByRole('button', { name: 'Отписаться от новостей' }));
    dialog = screen.getByRole('dialog', { name: QUESTION });
    await user.click(within(dialog).getByRole('button', { name: 'Да' }));
    expect(await within(panel).findByRole('button', { name: 'Подписаться на новости' })).toBeInTheDocument();
    expect(posts).toBe(1);
    expect(within(panel).queryByText('Вы получаете новости этого курса')).not.toBeInTheDocument();
  });

  it('blocks the control while the request runs', async () => {
    const answer = gate();
    answerCourse(course());
    server.use(
      http.post('*/api/v1/courses/5/subscribe-for-mailouts/', async () => {
        await answer.opened;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = renderAsUser('/courses/5');
    const panel = await coursePanel();
    const subscribe = within(panel).getByRole('button', { name: 'Подписаться на новости' });
    await user.click(subscribe);
    expect(subscribe).toBeDisabled();
    // Everything else waits too.
    expect(within(panel).getByRole('button', { name: /Оплатить весь курс/ })).toBeDisabled();
    answer.open();
    await waitFor(() => expect(within(panel).getByRole('button', { name: 'Подписаться на новости' })).toBeEnabled());
  });

  it('does not offer unsubscribing once a lesson is bought, nor subscribing', async () => {
    answerCourse(course({ subscribedForMailouts: true, lessons: lessons(3, (n) => (n === 1 ? { participationState: 'approved' } : {})) }));
    renderAsUser('/courses/5');
    const panel = await coursePanel();
    expect(within(panel).getByText('Вы получаете новости этого курса')).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Отписаться от новостей' })).not.toBeInTheDocument();
  });

  it('does not offer subscribing to a buyer who is not subscribed', async () => {
    answerCourse(course({ lessons: lessons(3, (n) => (n === 1 ? { participationState: 'approved' } : {})) }));
    renderAsUser('/courses/5');
    const panel = await coursePanel();
    expect(within(panel).queryByRole('button', { name: 'Подписаться на новости' })).not.toBeInTheDocument();
    expect(within(panel).queryByText('Вы получаете новости этого курса')).not.toBeInTheDocument();
  });

  it('shows a failure as red text and in the dialog «Ошибка»', async () => {
    answerCourse(course());
    server.use(
      http.post('*/api/v1/courses/5/subscribe-for-mailouts/', () =>
        HttpResponse.json({ detail: 'Подписка временно недоступна.' }, { status: 503 }),
      ),
    );
    const { user } = renderAsUser('/courses/5');
    const panel = await coursePanel();
    await user.click(within(panel).getByRole('button', { name: 'Подписаться на новости' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ошибка' });
    expect(dialog).toHaveTextContent('Подписка временно недоступна.');
    expect(within(dialog).getAllByRole('button').map((button) => button.textContent)).toEqual(['Закрыть']);
    await user.click(within(dialog).getByRole('button', { name: 'Закрыть' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(within(panel).getByText('Подписка временно недоступна.')).toBeInTheDocument();
  });
});

describe('a closed course', () => {
  it('says «Запись на курс закрыта» and offers the news to a user with no bought lesson', async () => {
    answerCourse(course({ state: 'announced' }));
    renderAsUser('/courses/5');
    const panel = await coursePanel();
    expect(within(panel).getByRole('heading', { name: 'Запись на курс закрыта' })).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Подписаться на новости' })).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: /Оплатить/ })).not.toBeInTheDocument();
    expect(within(panel).queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it('offers a subscriber to unsubscribe', async () => {
    answerCourse(course({ state: 'announced', subscribedForMailouts: true }));
    renderAsUser('/courses/5');
    const panel = await coursePanel();
    expect(within(panel).getByRole('button', { name: 'Отписаться от новостей' })).toBeInTheDocument();
  });

  it('offers nothing to a user with a bought lesson', async () => {
    answerCourse(course({ state: 'announced', subscribedForMailouts: true, lessons: [lesson(1, { participationState: 'approved' })] }));
    renderAsUser('/courses/5');
    const panel = await coursePanel();
    expect(within(panel).getByRole('heading', { name: 'Запись на курс закрыта' })).toBeInTheDocument();
    expect(within(panel).queryByRole('button')).not.toBeInTheDocument();
    expect(within(panel).queryByText('Вы получаете новости этого курса')).not.toBeInTheDocument();
  });
});

describe('a course without prices', () => {
  const free = (overrides: Partial<CourseDetails> = {}) => course({ prices: [], lessons: lessons(4), ...overrides });

  it('says «Нет цены курса» and lets the user ask to participate; the answer replaces the course', async () => {
    let creates = 0;
    answerCourse(free());
    server.use(
      http.post('*/api/v1/courses/5/create-participants/', () => {
        creates += 1;
        return HttpResponse.json(free({ lessons: lessons(4, () => ({ participationState: 'waiting_list' })) }));
      }),
    );
    const { user } = renderAsUser('/courses/5');
    const panel = await coursePanel();
    expect(within(panel).getByText('Нет цены курса')).toBeInTheDocument();
    expect(within(panel).queryByRole('checkbox')).not.toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Участвовать в курсе' }));
    expect(await within(panel).findByText('Вы в очереди на этот курс')).toBeInTheDocument();
    expect(creates).toBe(1);
    expect(within(panel).getByRole('button', { name: 'Отказаться от участия' })).toBeEnabled();
    expect(within(panel).queryByRole('button', { name: 'Участвовать в курсе' })).not.toBeInTheDocument();
  });

  it('withdraws from a reserved place: the participation is deleted and the course read again', async () => {
    let state: 'reserved' | null = 'reserved';
    let deletes = 0;
    answerCourse(() => free({ lessons: lessons(4, () => ({ participationState: state })) }));
    server.use(
      http.delete('*/api/v1/courses/5/delete-participants/', () => {
        deletes += 1;
        state = null;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = renderAsUser('/courses/5');
    const panel = await coursePanel();
    expect(within(panel).getByText('Место забронировано — ожидается оплата')).toBeInTheDocument();
    const withdraw = within(panel).getByRole('button', { name: 'Отказаться от участия' });

    // It gives up a limited place, so it asks first; «Нет, остаться» keeps the place and returns focus.
    await user.click(withdraw);
    const dialog = screen.getByRole('dialog', { name: `Отказаться от участия в курсе «${COURSE_TITLE}»?` });
    expect(dialog).toHaveAccessibleDescription(/Забронированное место достанется другим/);
    await user.click(within(dialog).getByRole('button', { name: 'Нет, остаться' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(withdraw).toHaveFocus();
    expect(deletes).toBe(0);

    await user.click(withdraw);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(deletes).toBe(0);

    await user.click(withdraw);
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Да, отказаться' }));
    expect(await within(panel).findByRole('button', { name: 'Участвовать в курсе' })).toBeInTheDocument();
    expect(deletes).toBe(1);
    expect(within(panel).queryByText('Место забронировано — ожидается оплата')).not.toBeInTheDocument();
  });

  it('confirms an approved participation and offers no withdrawal', async () => {
    answerCourse(free({ lessons: lessons(4, () => ({ participationState: 'approved' })) }));
    renderAsUser('/courses/5');
    const panel = await coursePanel();
    expect(within(panel).getByRole('heading', { name: 'Участник курса' })).toBeInTheDocument();
    expect(within(panel).getByText('Ваше участие подтверждено. Ждите новостей по почте')).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Отказаться от участия' })).not.toBeInTheDocument();
  });

  it('blocks the button while the request runs and shows a failure', async () => {
    const answer = gate();
    answerCourse(free());
    server.use(
      http.post('*/api/v1/courses/5/create-participants/', async () => {
        await answer.opened;
        return HttpResponse.json({ detail: 'Запись на курс закрыта.' }, { status: 400 });
      }),
    );
    const { user } = renderAsUser('/courses/5');
    const panel = await coursePanel();
    const participate = within(panel).getByRole('button', { name: 'Участвовать в курсе' });
    await user.click(participate);
    expect(participate).toBeDisabled();
    expect(within(panel).getByRole('button', { name: 'Подписаться на новости' })).toBeDisabled();
    answer.open();
    const dialog = await screen.findByRole('dialog', { name: 'Ошибка' });
    expect(dialog).toHaveTextContent('Запись на курс закрыта.');
    expect(within(panel).getByRole('button', { name: 'Участвовать в курсе' })).toBeEnabled();
  });
});

describe('leaving the course', () => {
  it('does not carry an error over to another course', async () => {
    answerCourse(course({ prices: [] }));
    answerCourse(course({ id: 6, title: 'Другой курс', prices: [] }));
    server.use(
      http.get('*/api/v1/courses/', () => HttpResponse.json([])),
      http.post('*/api/v1/courses/5/create-participants/', () => HttpResponse.json({ detail: 'Сбой записи.' }, { status: 500 })),
    );
    const { user, router } = renderAsUser('/courses/5');
    const panel = await coursePanel();
    await user.click(within(panel).getByRole('button', { name: 'Участвовать в курсе' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Ошибка' })).getByRole('button', { name: 'Закрыть' }));
    expect(within(panel).getByText('Сбой записи.')).toBeInTheDocument();
    await act(() => router.navigate('/courses/6'));
    await screen.findByRole('heading', { level: 1, name: 'Другой курс' });
    expect(screen.queryByText('Сбой записи.')).not.toBeInTheDocument();
  });
});
