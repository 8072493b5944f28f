// The privacy policy: numbered sections from the policy text, naming the configured operator and e-mail.
import { screen, waitFor, within } from '@testing-library/react';
import { DEFAULT_OPERATOR, operatorFrom, policyOperator } from '../../src/features/policy/operator.ts';
import { WITHDRAWAL_SUBJECT } from '../../src/features/policy/policySections.ts';
import { renderApp } from '../support/renderApp.tsx';

describe('PolicyPage', () => {
  it('shows the policy as sections numbered 1 to 10 under one h1', async () => {
    renderApp('/policy');
    expect(await screen.findByRole('heading', { level: 1, name: 'Политика конфиденциальности' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    const titles = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(titles).toHaveLength(10);
    titles.forEach((title, index) => expect(title).toMatch(new RegExp(`^${index + 1}\\. `)));
    expect(titles[0]).toBe('1. Общие положения');
    expect(screen.getByRole('region', { name: '7. Трансграничная передача персональных данных' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Политика конфиденциальности — Мутабор'));
  });

  it('names the operator and links its e-mail wherever the text gives it', async () => {
    renderApp('/policy');
    await screen.findByRole('heading', { level: 1, name: 'Политика конфиденциальности' });
    expect(policyOperator).toEqual(DEFAULT_OPERATOR);
    expect(screen.getByText(/которые принимает онлайн-школа «Мутабор» \(далее — Оператор\)/)).toBeInTheDocument();
    const mailLinks = screen.getAllByRole('link', { name: DEFAULT_OPERATOR.email });
    expect(mailLinks.length).toBeGreaterThanOrEqual(4);
    for (const link of mailLinks) expect(link).toHaveAttribute('href', `mailto:${DEFAULT_OPERATOR.email}`);
    const withdrawal = screen.getByRole('region', { name: /^6\. / });
    expect(within(withdrawal).getByText(new RegExp(WITHDRAWAL_SUBJECT))).toBeInTheDocument();
  });

  it('names the seller of the courses with the details the authors filled in', async () => {
    renderApp('/policy');
    const seller = await within(screen.getByRole('main')).findByRole('region', { name: 'Продавец курсов' });
    expect(within(seller).getByText('ИП Мельникова Анна Викторовна')).toBeInTheDocument();
    expect(within(seller).getByText('ИНН 771234567859, ОГРНИП 319774600123453')).toBeInTheDocument();
  });

  it('takes the operator from the build configuration, and defaults for blank values', () => {
    expect(operatorFrom({ VITE_OPERATOR_NAME: 'ИП Мельникова А. В.', VITE_OPERATOR_EMAIL: 'privacy@mutabor.ru' })).toEqual({
      name: 'ИП Мельникова А. В.',
      email: 'privacy@mutabor.ru',
    });
    expect(operatorFrom({ VITE_OPERATOR_NAME: '  ', VITE_OPERATOR_EMAIL: '' })).toEqual(DEFAULT_OPERATOR);
    expect(operatorFrom({})).toEqual(DEFAULT_OPERATOR);
  });
});
