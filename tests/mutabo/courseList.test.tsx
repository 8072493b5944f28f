import { screen, within } from '@testing-library/react';
import { server } from '../support/server.ts';
import { storeSession } from '../support/tokens.ts';
import { author, meHandler } from '../support/users.ts';
import { renderApp } from '../support/renderApp.tsx';
import { siteApiHandlers } from '../support/siteData.ts';
import { listItem, mutaboHandlers } from './mutaboData.ts';
import { FIRST_RENDER, preloadArea } from './preloadArea.ts';

beforeAll(preloadArea);
vi.setConfig({ testTimeout: 15000 });

describe('the course list of the area', () => {
  beforeEach(() => {
    storeSession();
    server.use(...siteApiHandlers(), meHandler(author));
  });

  it('shows each course with its state in Russian, its start and the places taken', async () => {
    server.use(
      ...mutaboHandlers([
        listItem(5, 'Медленное чтение', { state: 'can_be_subscribed', start: '2026-12-05', placesTaken: 3, participantsLimit: 12 }),
        listItem(6, 'Логика для подростков'),
      ]),
    );
    renderApp('/mutabo/courses');
    const list = await screen.findByRole('list', { name: 'Ваши курсы' }, FIRST_RENDER);
    const [first, second] = within(list).getAllByRole('listitem');
    expect(within(first!).getByRole('link', { name: 'Медленное чтение' })).toHaveAttribute('href', '/mutabo/courses/5');
    expect(first).toHaveTextContent('Запись открыта');
    expect(first).toHaveTextContent('Начало 05.12.2026');
    expect(first).toHaveTextContent('Занято мест: 3 из 12');
    expect(second).toHaveTextContent('Черновик');
    expect(second).toHaveTextContent('Дата начала не указана');
    expect(screen.getByRole('link', { name: 'Новый курс' })).toHaveAttribute('href', '/mutabo/courses/new');
  });

  it('finds courses by title and pages a long list', async () => {
    const many = Array.from({ length: 25 }, (_, index) => listItem(index + 1, `Курс ${String(index + 1).padStart(2, '0')}`));
    server.use(...mutaboHandlers([...many, listItem(99, 'Медленное чтение')]));
    const { user } = renderApp('/mutabo/courses');
    const list = await screen.findByRole('list', { name: 'Ваши курсы' }, FIRST_RENDER);
    expect(within(list).getAllByRole('listitem')).toHaveLength(20);
    expect(screen.getByText('Страница 1 из 2')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Дальше' }));
    expect(within(screen.getByRole('list', { name: 'Ваши курсы' })).getAllByRole('listitem')).toHaveLength(6);

    await user.type(screen.getByLabelText('Поиск по названию'), 'медленное');
    const found = within(screen.getByRole('list', { name: 'Ваши курсы' })).getAllByRole('listitem');
    expect(found).toHaveLength(1);
    expect(found[0]).toHaveTextContent('Медленное чтение');
    expect(screen.queryByText(/Страница \d из/)).not.toBeInTheDocument();
  });

  it('invites the author to create a first course when there is none', async () => {
    server.use(...mutaboHandlers([]));
    renderApp('/mutabo/courses');
    expect(await screen.findByText('У вас пока нет курсов. Создайте первый.')).toBeInTheDocument();
  });
});
