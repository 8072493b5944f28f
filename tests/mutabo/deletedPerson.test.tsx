// A person who deleted their account (issue 20, item 4) stays in the authors' payments with the payer emptied: the
// list names them «удалённый участник» and offers no address to write to.
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server } from '../support/server.ts';
import { storeSession } from '../support/tokens.ts';
import { author, meHandler } from '../support/users.ts';
import { renderApp } from '../support/renderApp.tsx';
import { siteApiHandlers } from '../support/siteData.ts';
import { personName } from '../../src/mutabo/payments/paymentText.ts';
import { listItem, mutaboHandlers } from './mutaboData.ts';
import { FIRST_RENDER, preloadArea } from './preloadArea.ts';
import { payment, paymentsPage } from './runData.ts';

beforeAll(preloadArea);
vi.setConfig({ testTimeout: 15000 });

const deletedPayer = { id: 31, firstName: '', lastName: '', email: '' };

describe('a deleted account in the authors’ lists', () => {
  it('names a person without names or address «удалённый участник», and anyone else as before', () => {
    expect(personName(deletedPayer)).toBe('удалённый участник');
    expect(personName({ firstName: 'Ольга', lastName: 'Петрова', email: 'olga@example.com' })).toBe('Петрова Ольга');
    expect(personName({ firstName: '', lastName: '', email: 'olga@example.com' })).toBe('olga@example.com');
  });

  it('lists a deleted payer’s payment as «удалённый участник», without an e-mail link', async () => {
    storeSession();
    server.use(
      ...siteApiHandlers(),
      meHandler(author),
      ...mutaboHandlers([listItem(5, 'Медленное чтение')]),
      http.get('*/api/v1/mutabo/payments/', () => HttpResponse.json(paymentsPage([payment(9, { payer: deletedPayer }), payment(7)], { count: 2 }))),
    );
    renderApp('/mutabo/payments');
    await screen.findByRole('region', { name: 'Платежи' }, FIRST_RENDER);
    const row = within(screen.getByText('№ 9').closest('tr')!);
    expect(row.getByText('удалённый участник')).toBeInTheDocument();
    expect(row.queryByRole('link', { name: /@|^$/ })).not.toBeInTheDocument();
    expect(within(screen.getByText('№ 7').closest('tr')!).getByRole('link', { name: 'kate@example.com' })).toBeInTheDocument();
  });
});
