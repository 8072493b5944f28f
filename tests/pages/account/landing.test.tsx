// Where a login lands (issue 22, item 8): an author on the area's summary, a participant back on the page they were
// on; a course page a sign-up started from survives the confirmation letter and the login after it.
import { screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { landingPath, returnPath } from '../../../common/landing.ts';
import { server } from '../../support/server.ts';
import { FIRST_RENDER } from '../../support/firstRender.ts';
import { fakeJwt } from '../../support/tokens.ts';
import { author, disciple, meHandler } from '../../support/users.ts';
import { siteApiHandlers, siteCourse, siteQuotations } from '../../support/siteData.ts';
import type { User } from '../../../common/wireTypes.ts';
import { renderAccountApp } from './accountTestKit.ts';

type View = ReturnType<typeof renderAccountApp>;

const openCourse = { ...siteCourse, state: 'can_be_subscribed' as const };

function answers(user: User) {
  server.use(...siteApiHandlers());
  // Added after the site's answers, so that it is the one that answers.
  server.use(
    http.get('*/api/v1/courses/:id/', () => HttpResponse.json(openCourse)),
    http.post('*/api/v1/token/', () => HttpResponse.json({ access: fakeJwt(1800), refresh: fakeJwt(86400) })),
    meHandler(user),
    // The area's own data is not this test's subject: its requests wait.
    http.get('*/api/v1/mutabo/*', () => delay('infinite')),
  );
}

async function logIn({ user }: View) {
  await screen.findByRole('heading', { level: 1, name: 'ВХОД НА САЙТ' });
  await user.type(screen.getByLabelText('Электронная почта'), 'someone@example.com');
  await user.type(screen.getByLabelText('Пароль'), 'secret-pass');
  await user.click(screen.getByRole('button', { name: 'Войти' }));
}

/** The home page has read what it shows (nothing is left to answer once the test is over). */
const homeShown = () => screen.findByText(siteQuotations[0]!.text, {}, FIRST_RENDER);

const at = (view: View, path: string) => waitFor(() => expect(`${view.router.state.location.pathname}${view.router.state.location.search}`).toBe(path));

describe('the landing rules (common/landing.ts)', () => {
  it('take back only pages of this site, never the account pages', () => {
    expect(returnPath('/courses/12')).toBe('/courses/12');
    expect(returnPath('/library?courses=2')).toBe('/library?courses=2');
    expect(returnPath('/mutabo/courses/5')).toBe('/mutabo/courses/5');
    for (const bad of ['//evil.example', '/\\evil.example', 'https://evil.example/', '/user/login', '/user/confirm-signup/a/b', '/nope', '', null, 12, `/courses/1?${'x'.repeat(600)}`]) {
      expect(returnPath(bad), String(bad)).toBeNull();
    }
  });

  it('send an author to the summary unless a page that needs the login asked for it, a participant back', () => {
    expect(landingPath(author, null)).toBe('/mutabo');
    expect(landingPath(author, '/courses/12')).toBe('/mutabo');
    expect(landingPath(author, '/mutabo/courses/5')).toBe('/mutabo/courses/5');
    expect(landingPath(author, '/account/courses')).toBe('/account/courses');
    expect(landingPath(disciple, '/courses/12')).toBe('/courses/12');
    expect(landingPath(disciple, null)).toBe('/');
    expect(landingPath(null, '/library')).toBe('/library');
  });
});

describe('after the login', () => {
  it('an author lands on the area’s summary, from the header’s «Войти» on any page', async () => {
    answers(author);
    const view = renderAccountApp('/courses/12');
    await screen.findByRole('heading', { level: 1, name: siteCourse.title });
    await view.user.click(within(screen.getByRole('navigation', { name: 'Вход и регистрация' })).getByRole('link', { name: 'Войти' }));
    await logIn(view);
    await at(view, '/mutabo');
  });

  it('an author sent to log in by an area page goes back to it', async () => {
    answers(author);
    const view = renderAccountApp('/mutabo/courses/5');
    await logIn(view);
    await at(view, '/mutabo/courses/5');
  });

  it('a participant goes back to the page they were on, its query included', async () => {
    answers(disciple);
    const view = renderAccountApp('/library?courses=12');
    await view.user.click(within(await screen.findByRole('navigation', { name: 'Вход и регистрация' })).getByRole('link', { name: 'Войти' }));
    await logIn(view);
    await at(view, '/library?courses=12');
    await screen.findByRole('heading', { level: 1, name: /библиотека/i });
  });

  it('a participant who opens the login page by its address goes home', async () => {
    answers(disciple);
    const view = renderAccountApp('/user/login');
    await logIn(view);
    await at(view, '/');
    await homeShown();
  });
});

describe('a sign-up that starts on a course page', () => {
  it('sends the course page with the sign-up, from the course panel’s link and from the header’s', async () => {
    answers(disciple);
    const bodies: Record<string, unknown>[] = [];
    server.use(
      http.post('*/api/v1/users/', async ({ request }) => {
        bodies.push((await request.json()) as Record<string, unknown>);
        return HttpResponse.json({ detail: 'Мы отправили письмо.' }, { status: 201 });
      }),
    );
    const view = renderAccountApp('/courses/12');
    const panel = await screen.findByRole('complementary', { name: 'Запись на курс' });
    await view.user.click(within(panel).getByRole('link', { name: 'зарегистрируйтесь' }));
    await screen.findByRole('heading', { level: 1, name: 'РЕГИСТРАЦИЯ НОВОГО УЧАСТНИКА' });
    // The login page's way to sign up keeps it too.
    await view.user.click(within(screen.getByRole('main')).getByRole('link', { name: 'Войти' }));
    await screen.findByRole('heading', { level: 1, name: 'ВХОД НА САЙТ' });
    await view.user.click(within(screen.getByRole('main')).getByRole('link', { name: 'Зарегистрироваться' }));
    await screen.findByRole('heading', { level: 1, name: 'РЕГИСТРАЦИЯ НОВОГО УЧАСТНИКА' });

    await view.user.type(screen.getByLabelText('Электронная почта'), 'vera@example.com');
    await view.user.type(screen.getByLabelText('Имя'), 'Вера');
    await view.user.type(screen.getByLabelText('Фамилия'), 'Соколова');
    await view.user.type(screen.getByLabelText('Пароль'), 'dlinnyi-parol-1');
    await view.user.type(screen.getByLabelText('Повторите пароль'), 'dlinnyi-parol-1');
    await view.user.selectOptions(screen.getByLabelText('Год рождения'), String(new Date().getFullYear() - 10));
    await view.user.click(screen.getByRole('checkbox', { name: /Я согласен\(на\)/ }));
    await view.user.click(screen.getByRole('button', { name: 'Зарегистрироваться' }));
    await at(view, '/user/signup-email-sent');
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toMatchObject({ email: 'vera@example.com', next: '/courses/12' });
  });

  it('the confirmation page’s login returns to the course page of the letter’s link, also after a reload of the login page', async () => {
    answers(disciple);
    const view = renderAccountApp('/user/confirm-signup/MTI/abc-123/?next=%2Fcourses%2F12');
    expect(await screen.findByText(/после входа вы вернётесь на страницу, с которой начали регистрацию/)).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'Войти на сайт' });
    expect(link).toHaveAttribute('href', '/user/login?next=%2Fcourses%2F12');
    await view.user.click(link);
    await logIn(view);
    await at(view, '/courses/12');
    await screen.findByRole('heading', { level: 1, name: siteCourse.title });
    view.unmount();

    localStorage.clear();
    // The login page opened afresh from that address (no router state): the query alone leads back.
    const reloaded = renderAccountApp('/user/login?next=%2Fcourses%2F12');
    await logIn(reloaded);
    await at(reloaded, '/courses/12');
    await screen.findByRole('heading', { level: 1, name: siteCourse.title });
  });

  it('a link with another site in `next` leads home instead', async () => {
    answers(disciple);
    const view = renderAccountApp('/user/confirm-signup/MTI/abc-123/?next=%2F%2Fevil.example%2Fx');
    await screen.findByText('Регистрация подтверждена. Теперь вы можете войти на сайт.');
    expect(screen.getByRole('link', { name: 'Войти на сайт' })).toHaveAttribute('href', '/user/login');
    await view.user.click(screen.getByRole('link', { name: 'Войти на сайт' }));
    await logIn(view);
    await at(view, '/');
    await homeShown();
  });
});
