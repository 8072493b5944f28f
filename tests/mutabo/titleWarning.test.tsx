// A title the catalogue hides is flagged beside the title field as it is typed (issue 22, item 5).
import { screen, within } from '@testing-library/react';
import { server } from '../support/server.ts';
import { storeSession } from '../support/tokens.ts';
import { author, meHandler } from '../support/users.ts';
import { siteApiHandlers } from '../support/siteData.ts';
import { openCourseEditor, TEST_TITLE_WARNING } from './courseEditorKit.ts';
import { editedCourse } from './mutaboData.ts';
import { preloadArea } from './preloadArea.ts';

beforeAll(preloadArea);
vi.setConfig({ testTimeout: 15000 });

describe('the course form', () => {
  beforeEach(() => {
    storeSession();
    server.use(...siteApiHandlers(), meHandler(author));
  });

  it('flags the title, while it is typed, when the catalogue would hide the course, and not for «протест»', async () => {
    const { user } = await openCourseEditor(editedCourse, '/mutabo/courses/new');
    const form = screen.getByRole('form', { name: 'Курс' });
    const title = within(form).getByLabelText('Название');
    await user.type(title, 'Поэзия протеста');
    expect(within(form).queryByText(TEST_TITLE_WARNING)).not.toBeInTheDocument();
    await user.clear(title);
    await user.type(title, 'Тест-драйв для авторов');
    expect(within(form).getByText(TEST_TITLE_WARNING)).toBeInTheDocument();
    expect(within(form).getByText(/страница открывается только по прямой ссылке/)).toBeInTheDocument();
    await user.clear(title);
    await user.type(title, 'Аттестация');
    expect(within(form).queryByText(TEST_TITLE_WARNING)).not.toBeInTheDocument();
  });
});
