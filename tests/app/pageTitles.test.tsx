// The tab's title after a navigation is the title the server's first HTML gives the same page (common/pageMeta.ts,
// issue 21 item 1): the site and the server name every public page with the same function and the same data.
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { pageMeta, type MetaPage } from '../../common/pageMeta.ts';
import { server } from '../support/server.ts';
import { renderApp } from '../support/renderApp.tsx';
import { siteApiHandlers, siteCourse } from '../support/siteData.ts';

const TIMETABLE_NAME = 'Расписание весеннего семестра';
const OFFER_NAME = 'Договор-оферта на участие в онлайн-курсах';

// The first handler that matches answers: these go before the shared ones.
beforeEach(() =>
  server.use(
    http.get('*/api/v2/user/pages-content/timetable/', () => HttpResponse.json({ name: ` ${TIMETABLE_NAME} `, text: 'Занятия по средам.' })),
    http.get('*/api/v2/user/pages-content/offer/', () => HttpResponse.json({ name: OFFER_NAME, text: '1. Предмет договора.' })),
    ...siteApiHandlers(),
  ),
);

const heading = (name: string) => screen.findByRole('heading', { level: 1, name }, { timeout: 5000 });
const expectTitle = (page: MetaPage) => waitFor(() => expect(document.title).toBe(pageMeta(page).title));

describe('the tab title after a navigation', () => {
  it('is the first HTML’s title on every public page the visitor goes to', { timeout: 60_000 }, async () => {
    const { user, router } = renderApp('/');
    await heading('Курсы');
    await expectTitle({ page: 'home' });

    await user.click(await screen.findByRole('link', { name: new RegExp(siteCourse.title) }));
    await heading(siteCourse.title);
    await expectTitle({ page: 'course', course: siteCourse });

    const footer = screen.getByRole('contentinfo');
    await user.click(within(footer).getByRole('link', { name: 'О проекте' }));
    await heading('О проекте');
    await expectTitle({ page: 'about' });

    await user.click(within(screen.getByRole('contentinfo')).getByRole('link', { name: 'Отзывы' }));
    await heading('Отзывы');
    await expectTitle({ page: 'feedbacks' });

    await user.click(within(screen.getByRole('contentinfo')).getByRole('link', { name: 'Политика конфиденциальности' }));
    await heading('Политика конфиденциальности');
    await expectTitle({ page: 'policy' });

    await user.click(within(screen.getByRole('contentinfo')).getByRole('link', { name: 'Договор-оферта' }));
    await heading(OFFER_NAME);
    await expectTitle({ page: 'offer', name: OFFER_NAME });

    await router.navigate('/library');
    await heading('Библиотека');
    await expectTitle({ page: 'library' });

    await router.navigate('/timetable');
    await heading(TIMETABLE_NAME);
    // The authors' name as they saved it, spaces and all: both sides trim it the same way.
    await expectTitle({ page: 'timetable', name: ` ${TIMETABLE_NAME} ` });
    expect(document.title).toBe(`${TIMETABLE_NAME} — Мутабор`);

    await router.navigate('/courses/999');
    await heading('Курс не найден');
    await expectTitle({ page: 'notFound', heading: 'Курс не найден' });
  });
});
