// The course form says what the site will do with two fields (issue 22, item 4): the age group as the catalogue and
// the course page print it, and when the wholesale lesson price applies.
import { screen, within } from '@testing-library/react';
import { server } from '../support/server.ts';
import { storeSession } from '../support/tokens.ts';
import { author, meHandler } from '../support/users.ts';
import { renderApp } from '../support/renderApp.tsx';
import { siteApiHandlers } from '../support/siteData.ts';
import { mutaboHandlers } from './mutaboData.ts';
import { FIRST_RENDER, preloadArea } from './preloadArea.ts';

beforeAll(preloadArea);
vi.setConfig({ testTimeout: 15000 });

describe("the course form's hints", () => {
  beforeEach(() => {
    storeSession();
    server.use(...siteApiHandlers(), meHandler(author), ...mutaboHandlers());
  });

  it('shows what the site prints for the chosen age group', async () => {
    const { user } = renderApp('/mutabo/courses/new');
    await screen.findByRole('form', { name: 'Курс' }, FIRST_RENDER);
    expect(screen.getByText('На сайте: «Для взрослых» в каталоге, «взрослые» на странице курса.')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Возраст участников'), 'DISCIPLES_AGE_CHILDREN');
    expect(screen.getByText('На сайте: «Для детей» в каталоге, «подростки 11–17 лет» на странице курса.')).toBeInTheDocument();
  });

  it('says when the wholesale lesson price applies, beside the price fields', async () => {
    const { user } = renderApp('/mutabo/courses/new');
    await screen.findByRole('form', { name: 'Курс' }, FIRST_RENDER);
    const rubles = screen.getByRole('group', { name: 'Цены: Рубли (RUB)' });
    expect(within(rubles).queryByText(/от 5 занятий/)).not.toBeInTheDocument();
    await user.click(within(rubles).getByRole('checkbox', { name: 'Продавать за рубли' }));
    expect(within(rubles).getByText(/действует, когда за один раз оплачивают от 5 занятий/)).toBeInTheDocument();
    expect(within(rubles).getByText(/у курса меньше 5 занятий или с блоками, из которых столько не набрать, её не покажут/)).toBeInTheDocument();
  });
});
