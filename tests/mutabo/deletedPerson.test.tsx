// A person who deleted their account (issue 20, item 4) stays in the authors' payments and in the lessons already
// held with no name or address: the lists name them «удалённый участник» and offer no address to write to.
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
import { adult, freeCourseParticipants, participantRow, payment, paymentsPage } from './runData.ts';

beforeAll(preloadArea);
vi.setConfig({ testTimeout: 15000 });

const deletedPayer = { id: 31, firstName: '', lastName: '', email: '' };
const deletedPerson = { ...adult, ...deletedPayer, yearOfBirth: null, age: null, country: '', timezone: '', mainLanguage: '' };

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

  it('shows a deleted participant of a lesson held as «удалённый участник», without an e-mail row', async () => {
    storeSession();
    const table = freeCourseParticipants();
    table.participants = [participantRow(101, adult, { state: 'approved' }), participantRow(109, deletedPerson, { state: 'approved' })];
    server.use(
      ...siteApiHandlers(),
      meHandler(author),
      ...mutaboHandlers(),
      http.get('*/api/v1/mutabo/courses/:id/participants/', () => HttpResponse.json(table)),
    );
    renderApp('/mutabo/courses/5/participants');
    const group = within(await screen.findByRole('region', { name: 'удалённый участник' }, FIRST_RENDER));
    expect(group.queryByText('E-mail')).not.toBeInTheDocument();
    expect(group.queryByRole('link', { name: /@|^$/ })).not.toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Соколова Екатерина' })).getByRole('link', { name: 'kate@example.com' })).toBeInTheDocument();
  });
});
