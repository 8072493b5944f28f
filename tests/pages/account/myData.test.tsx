// «Мои данные» on the profile page (issue 20, item 3): the button downloads GET /api/v1/users/me/export/ with the
// token as a JSON file, says it is working meanwhile, and shows the server's message when it refuses.
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server } from '../../support/server.ts';
import { storeSession } from '../../support/tokens.ts';
import { disciple as discipleUser, meHandler } from '../../support/users.ts';
import { adultDisciple, dictionariesHandler, discipleHandler, gate, renderAccountApp } from './accountTestKit.ts';

const EXPORT_URL = '*/api/v1/users/me/export/';

function openProfile() {
  storeSession();
  server.use(meHandler(discipleUser), discipleHandler(adultDisciple), dictionariesHandler());
  return renderAccountApp('/account/profile');
}

const block = async () => within(await screen.findByRole('region', { name: 'Мои данные' }));

describe('«Мои данные»', () => {
  afterEach(() => vi.restoreAllMocks());

  it('explains what the file holds and downloads it with the token, saying it is busy meanwhile', async () => {
    const answer = gate();
    let authorization: string | null = null;
    server.use(
      http.get(EXPORT_URL, async ({ request }) => {
        authorization = request.headers.get('authorization');
        await answer.opened;
        return new HttpResponse('{"account":{"email":"olga@example.com"}}', {
          headers: { 'content-type': 'application/json', 'content-disposition': 'attachment; filename="my-data-2025-09-01.json"' },
        });
      }),
    );
    const created: Blob[] = [];
    const names: string[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      created.push(blob);
      return 'blob:my-data';
    });
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    const { user } = openProfile();
    const section = await block();
    expect(section.getByText(/одним файлом JSON/)).toBeInTheDocument();
    await user.click(section.getByRole('button', { name: 'Скачать мои данные' }));
    expect(await section.findByRole('button', { name: 'Готовим файл…' })).toBeDisabled();
    answer.open();
    await waitFor(() => expect(names).toEqual(['my-data-2025-09-01.json']));
    expect(authorization).toMatch(/^Bearer /);
    expect(await created[0]!.text()).toContain('olga@example.com');
    expect(section.getByRole('button', { name: 'Скачать мои данные' })).toBeEnabled();
    expect(section.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the server’s refusal and lets the person try again', async () => {
    let asked = 0;
    server.use(
      http.get(EXPORT_URL, () => {
        asked += 1;
        return HttpResponse.json({ detail: 'Вы уже много раз скачали свои данные за последний час. Попробуйте снова через 5 минут.' }, { status: 429 });
      }),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { user } = openProfile();
    const section = await block();
    await user.click(section.getByRole('button', { name: 'Скачать мои данные' }));
    expect(await section.findByRole('alert')).toHaveTextContent('Вы уже много раз скачали свои данные за последний час.');
    expect(click).not.toHaveBeenCalled();
    await user.click(section.getByRole('button', { name: 'Скачать мои данные' }));
    await waitFor(() => expect(asked).toBe(2));
  });
});
