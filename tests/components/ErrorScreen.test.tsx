import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeProvider } from 'styled-components';
import { theme } from '../../src/app/theme.ts';
import { ErrorScreen } from '../../src/components/ErrorScreen.tsx';
import { Loader } from '../../src/components/Loader.tsx';

describe('ErrorScreen', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says something went wrong and reloads the page on request', async () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    const user = userEvent.setup();
    render(
      <ThemeProvider theme={theme}>
        <ErrorScreen />
      </ThemeProvider>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Упс... что-то пошло не так');
    expect(screen.getByRole('heading', { level: 1, name: 'Упс... что-то пошло не так' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Перезагрузить' }));
    expect(reload).toHaveBeenCalledOnce();
  });
});

describe('Loader', () => {
  it('is a status that screen readers name «Загрузка»', () => {
    render(
      <ThemeProvider theme={theme}>
        <Loader />
      </ThemeProvider>,
    );
    expect(screen.getByRole('status', { name: 'Загрузка' })).toBeInTheDocument();
  });
});
