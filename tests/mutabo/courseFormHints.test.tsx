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
    expect(within(rubles).getByText(/Цена курса — за все занятия сразу/)).toBeInTheDocument();
    expect(within(rubles).getByText(/действует за каждое, когда за раз покупают столько/)).toBeInTheDocument();
    expect(within(rubles).getByLabelText('Цена занятия от 5 занятий')).toBeInTheDocument();
  });

  it('previews the prices as a buyer will read them, a block and its price on a course sold by blocks (issue 32)', async () => {
    const { user } = renderApp('/mutabo/courses/new');
    await screen.findByRole('form', { name: 'Курс' }, FIRST_RENDER);
    const rubles = screen.getByRole('group', { name: 'Цены: Рубли (RUB)' });
    await user.click(within(rubles).getByRole('checkbox', { name: 'Продавать за рубли' }));
    await user.type(within(rubles).getByLabelText('Цена курса'), '9000');
    await user.type(within(rubles).getByLabelText('Цена занятия'), '1500');
    await user.type(within(rubles).getByLabelText('Цена занятия от 5 занятий'), '1200');
    const preview = () => within(rubles).getByRole('region', { name: 'Так цены увидит покупатель' });
    const rub = (amount: number) => `${new Intl.NumberFormat('ru-RU').format(amount)} ₽`;
    expect(preview().textContent).toContain(`Одно занятие${rub(1500)}`);
    expect(preview().textContent).toContain(`От 5 занятий, за каждое${rub(1200)}`);
    await user.clear(screen.getByLabelText('Занятий в блоке'));
    await user.type(screen.getByLabelText('Занятий в блоке'), '4');
    expect(preview().textContent).toContain(`Весь курс${rub(9000)}Блок из 4 занятий${rub(6000)}`);
    expect(preview().textContent).toContain(`Занятия продаются блоками по 4: ${rub(6000)} за блок.`);
    expect(preview().textContent).not.toContain('Одно занятие');
  });
});
