// A title the catalogue hides is flagged beside the title field as it is typed (issue 22, item 5).
import { screen, within } from '@testing-library/react';
import type { MutaboCourse } from '../../common/mutabo.ts';
import { server } from '../support/server.ts';
import { storeSession } from '../support/tokens.ts';
import { author, meHandler } from '../support/users.ts';
import { renderApp } from '../support/renderApp.tsx';
import { siteApiHandlers } from '../support/siteData.ts';
import { editedCourse, mutaboHandlers } from './mutaboData.ts';
import { FIRST_RENDER, preloadArea } from './preloadArea.ts';

beforeAll(preloadArea);
vi.setConfig({ testTimeout: 15000 });

const WARNING = 'Такой курс не появится в каталоге: слово «тест» в названии.';

const openEditor = async (course: MutaboCourse = editedCourse, path = `/mutabo/courses/${course.id}`) => {
  server.use(...mutaboHandlers(undefined, course));
  const view = renderApp(path);
  await screen.findByRole('form', { name: 'Курс' }, FIRST_RENDER);
  return view;
};

describe('the course form', () => {
  beforeEach(() => {
    storeSession();
    server.use(...siteApiHandlers(), meHandler(author));
  });

  it('flags the title, while it is typed, when the catalogue would hide the course, and not for «протест»', async () => {
    const { user } = await openEditor(editedCourse, '/mutabo/courses/new');
    const form = screen.getByRole('form', { name: 'Курс' });
    const title = within(form).getByLabelText('Название');
    await user.type(title, 'Поэзия протеста');
    expect(within(form).queryByText(WARNING)).not.toBeInTheDocument();
    await user.clear(title);
    await user.type(title, 'Тест-драйв для авторов');
    expect(within(form).getByText(WARNING)).toBeInTheDocument();
    expect(within(form).getByText(/страница открывается только по прямой ссылке/)).toBeInTheDocument();
    await user.clear(title);
    await user.type(title, 'Аттестация');
    expect(within(form).queryByText(WARNING)).not.toBeInTheDocument();
  });
});
