import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense, useState } from 'react';
import { lazyPage } from '../../src/app/lazyPage.tsx';

const load = () => Promise.resolve({ GreetingPage: () => <h1>Здравствуйте</h1> });

function renderInSuspense(Page: () => React.JSX.Element) {
  return render(
    <Suspense fallback={<p>Загрузка</p>}>
      <Page />
    </Suspense>,
  );
}

describe('lazyPage', () => {
  it('shows the fallback until the page’s code has come, then the page', async () => {
    const { container } = renderInSuspense(lazyPage(load, 'GreetingPage'));
    expect(within(container).getByText('Загрузка')).toBeInTheDocument();
    expect(await within(container).findByRole('heading', { name: 'Здравствуйте' })).toBeInTheDocument();
  });

  it('renders a preloaded page in the first render, without the fallback', async () => {
    const page = lazyPage(load, 'GreetingPage');
    await page.preload();
    const { container } = renderInSuspense(page);
    expect(within(container).getByRole('heading', { name: 'Здравствуйте' })).toBeInTheDocument();
    expect(within(container).queryByText('Загрузка')).toBeNull();
  });

  it('loads the code once however many times it is asked for', async () => {
    const loadOnce = vi.fn(load);
    const page = lazyPage(loadOnce, 'GreetingPage');
    await Promise.all([page.preload(), page.preload()]);
    await page.preload();
    renderInSuspense(page);
    expect(screen.getByRole('heading', { name: 'Здравствуйте' })).toBeInTheDocument();
    expect(loadOnce).toHaveBeenCalledTimes(1);
  });

  it('tries a failed load again the next time', async () => {
    const flaky = vi.fn(load).mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'));
    const page = lazyPage(flaky, 'GreetingPage');
    await expect(page.preload()).rejects.toThrow('Failed to fetch');
    await page.preload();
    const { container } = renderInSuspense(page);
    expect(within(container).getByRole('heading', { name: 'Здравствуйте' })).toBeInTheDocument();
    expect(flaky).toHaveBeenCalledTimes(2);
  });

  it('keeps a page that waited for its code, with what was typed in it, when it renders again', async () => {
    function FormPage() {
      const [name, setName] = useState('');
      return <input aria-label="Имя" value={name} onChange={(event) => setName(event.target.value)} />;
    }
    const Page = lazyPage(() => Promise.resolve({ FormPage }), 'FormPage');
    const user = userEvent.setup();
    const view = render(
      <Suspense fallback={<p>Загрузка</p>}>
        <Page />
      </Suspense>,
    );
    await user.type(await screen.findByRole('textbox', { name: 'Имя' }), 'Анна');
    view.rerender(
      <Suspense fallback={<p>Загрузка</p>}>
        <Page />
      </Suspense>,
    );
    expect(screen.getByRole('textbox', { name: 'Имя' })).toHaveValue('Анна');
  });
});
