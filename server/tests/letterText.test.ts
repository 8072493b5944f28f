// User text in official letters: shown as written but never a link, in the plain-text part and in the HTML part.
import { describe, expect, it } from 'vitest';
import { accountExistsLetter, confirmationLetter, emailChangeNotice } from '../src/services/accounts/letters.ts';
import { approvalLetter, refundNoticeForOperator } from '../src/services/places/enrollmentLetters.ts';
import { userText } from '../src/services/letters/userText.ts';
import type { MailMessage } from '../src/services/letters/mail.ts';

const config = { publicUrl: 'https://mutabor.example', operatorName: 'Мутабор', operatorEmail: 'operator@mutabor.example', jwtSecret: 'letter-text-test-secret-0123456789abcdef' };
const EVIL_NAMES = ['Срочно: https://evil.example/login', 'Зайдите на www.evil.example', 'evil.example/login', 'Пишите: boss@evil.example', 'HTTP://EVIL.EXAMPLE', 'javascript://evil'];

/** Every link a mail client could make of the letter: anchors of the HTML, addresses and domains of the text. */
function linkTargets(letter: MailMessage): string[] {
  const anchors = [...letter.html.matchAll(/<a\s[^>]*href="([^"]*)"/gi)].map((match) => match[1]!);
  const inText = letter.text.match(/(?:[a-z][a-z0-9+.-]*:\/\/|www\.)[^\s<>"]+|[\w.-]+@[\w-]+(?:\.[\w-]+)+|\b[\w-]+(?:\.[\w-]+)*\.(?:example|com|ru|org)\b/gi) ?? [];
  return [...anchors, ...inText];
}

describe('user text in letters', () => {
  it('defangs address-like words and leaves names alone', () => {
    expect(userText('Срочно: https://evil.example/login')).toBe('Срочно: https[:]//evil[.]example/login');
    expect(userText('www.evil.example')).toBe('www[.]evil[.]example');
    expect(userText('boss@evil.example')).toBe('boss@evil[.]example');
    expect(userText('evil.рф')).toBe('evil[.]рф');
    for (const name of ['Мария', 'Анна-Мария', 'А.С. Пушкин', 'O’Brien', 'Жан Поль']) expect(userText(name)).toBe(name);
  });

  it('makes no link of a name in the account letters and the enrollment letters, only of the template’s own links', () => {
    for (const firstName of EVIL_NAMES) {
      const recipient = { email: 'victim@example.org', firstName };
      const letters = [
        confirmationLetter(config, recipient, 'https://mutabor.example/user/confirm-signup/NDI/abc-def/'),
        confirmationLetter(config, recipient, 'https://mutabor.example/user/confirm-signup/NDI/abc-def/', true),
        accountExistsLetter(config, recipient),
        emailChangeNotice(config, recipient, firstName.includes('@') ? 'boss@evil.example' : 'new@evil.example'),
        approvalLetter(config, recipient, { id: 7, title: 'Курс' }, [{ number: 1, title: 'Занятие' }], false),
        refundNoticeForOperator(config, recipient, { id: 7, title: 'Курс' }, { id: 3, amount: 100, currency: 'CURRENCY_CHOICE_RUB', paidAt: new Date(), system: 'yookassa', providerId: null }),
      ];
      for (const letter of letters) {
        const label = `${letter.subject}: ${firstName}`;
        expect(letter.text + letter.html, label).not.toMatch(/evil\.example|:\/\/evil/i);
        expect(letter.text, label).toContain(userText(firstName));
        for (const target of linkTargets(letter)) expect(target, label).not.toMatch(/evil/i);
      }
      // The template's own links stay links.
      expect(letters[0]!.html).toContain('<a href="https://mutabor.example/user/confirm-signup/NDI/abc-def/"');
      expect(letters[2]!.html).toContain('<a href="https://mutabor.example/user/login"');
    }
  });

  it('escapes HTML in the name', () => {
    const letter = confirmationLetter(config, { email: 'victim@example.org', firstName: '<a href="https://evil.example">Мария</a>' }, 'https://mutabor.example/x');
    expect(letter.html).not.toContain('<a href="https://evil');
    expect(letter.html).toContain('&#60;a');
  });
});
