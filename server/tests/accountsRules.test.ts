// The pieces behind the account endpoints: password rules, link tokens, the hasher's timing, token stamps, texts.
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { issuedBeforePasswordChange } from '../src/services/accounts/tokens.ts';
import { accountMessages, inMinutes } from '../../common/accountMessages.ts';
import { isEmail } from '../src/http/accountSchemas.ts';
import { createAccountLinks, decodeUid, encodeUid, LINK_TTL_SECONDS, type LinkAccount } from '../src/services/accounts/links.ts';
import { confirmationLink, resetLink } from '../src/services/accounts/letters.ts';
import { isCommonPassword, passwordProblems } from '../src/services/accounts/passwordRules.ts';
import { createPasswordHasher, hashPassword } from '../src/services/accounts/passwords.ts';
import { createTokenService } from '../src/services/accounts/tokens.ts';
import { TEST_JWT_SECRET } from './fixtures.ts';

describe('password rules', () => {
  it('ships a list of several thousand common passwords, compared without case', async () => {
    const { readFileSync } = await import('node:fs');
    const entries = readFileSync(new URL('../src/services/accounts/commonPasswords.txt', import.meta.url), 'utf8')
      .split('\n')
      .filter((line) => line && !line.startsWith('#'));
    expect(entries.length).toBeGreaterThan(5000);
    expect(new Set(entries).size).toBe(entries.length);
    for (const common of ['password', 'Qwerty123', 'iloveyou1', 'ЙЦУКЕНГШЩЗ', 'пароль123', 'gfhjkm123', 'ghbdtn123', '1q2w3e4r5t', 'natasha1984']) {
      expect(isCommonPassword(common), common).toBe(true);
    }
    for (const rare of ['Зелёный чайник 42', 'correct horse battery staple', 'x9!Qm#2vLp']) expect(isCommonPassword(rare), rare).toBe(false);
  });

  it('accepts 8 to 128 characters, counting letters rather than UTF-16 units', () => {
    expect(passwordProblems('Тихо-7!')).toEqual([accountMessages.passwordTooShort]);
    expect(passwordProblems('Тихо-77!')).toEqual([]);
    expect(passwordProblems('ж'.repeat(128))).toEqual([]);
    expect(passwordProblems('ж'.repeat(129))).toEqual([accountMessages.passwordTooLong]);
    // Eight emoji are sixteen UTF-16 units but eight characters.
    expect(passwordProblems('🙂🙂🙂🙂🙂🙂🙂')).toEqual([accountMessages.passwordTooShort]);
    expect(passwordProblems('🙂🙂🙂🙂🙂🙂🙂🙂')).toEqual([]);
  });

  it('refuses a password of spaces only, however long', () => {
    for (const blank of [' '.repeat(8), ' '.repeat(40), '\u00a0'.repeat(10), ' \t '.repeat(4)]) expect(passwordProblems(blank)).toEqual([accountMessages.passwordAllSpaces]);
    expect(passwordProblems('    a    ')).toEqual([]);
  });

  it('refuses all digits and common passwords', () => {
    expect(passwordProblems('3141592653')).toEqual([accountMessages.passwordAllDigits]);
    expect(passwordProblems('Sunshine1')).toEqual([accountMessages.passwordCommon]);
  });

  it('judges likeness as Django does: the quick ratio of the password to the value and its words, at 0.7', () => {
    const owner = { email: 'maria.sokolova@example.org', firstName: 'Мария', lastName: 'Соколова' };
    expect(passwordProblems('maria.sokolova', owner)).toEqual([accountMessages.passwordLikeEmail]);
    expect(passwordProblems('avolokos-airam', owner)).toEqual([accountMessages.passwordLikeEmail]);
    expect(passwordProblems('соколова!', owner)).toEqual([accountMessages.passwordLikeLastName]);
    expect(passwordProblems('Зелёный чайник 42', owner)).toEqual([]);
    // A short word inside a long password does not make it weak (Django's length exemption).
    expect(passwordProblems('мария пишет стихи по вечерам', owner)).toEqual([]);
  });
});

describe('e-mail addresses', () => {
  it('accepts ordinary and Cyrillic addresses with a dotted domain', () => {
    for (const good of ['a@b.co', 'first.last+tag@example.org', 'иван@пример.рф']) expect(isEmail(good), good).toBe(true);
    for (const bad of ['a@b', 'no-at', 'a b@c.de', '@example.org', 'a@.org', 'иван@рф']) expect(isEmail(bad), bad).toBe(false);
  });

  it('refuses what is not a mailbox, however it ends: it would go into headers and mailto: links', () => {
    for (const bad of ["javascript:alert('ae')//@ex.com", 'a<b>@example.org', 'a,b@example.org', 'a;b@example.org', 'a\\b@example.org', 'иван()@пример.рф', '.иван@пример.рф']) {
      expect(isEmail(bad), bad).toBe(false);
    }
    expect(isEmail('анна.п-1@почта.рф')).toBe(true);
  });
});

describe('link tokens', () => {
  const account: LinkAccount = { id: 42, email: 'x@example.org', passwordHash: 'scrypt$1$8$1$salt$hash', isActive: false, passwordResetCount: 0 };
  let now = Date.UTC(2030, 0, 1);
  const links = createAccountLinks(TEST_JWT_SECRET, () => now);

  it('encodes the user id Django-style and refuses anything else', () => {
    expect(encodeUid(42)).toBe('NDI');
    expect(decodeUid('NDI')).toBe(42);
    expect(decodeUid('NDI=')).toBe(42);
    for (const bad of ['', '!!', 'MA', Buffer.from('-1').toString('base64url'), Buffer.from('99999999999').toString('base64url'), Buffer.from('1 OR 1').toString('base64url'), 'x'.repeat(40)]) {
      expect(decodeUid(bad), bad).toBeNull();
    }
  });

  it('is valid for three days for the state it was made for, then expired', () => {
    const { uidb64, token } = links.make('confirm-signup', account);
    expect(uidb64).toBe('NDI');
    expect(links.check('confirm-signup', account, token)).toBe('valid');
    now += LINK_TTL_SECONDS * 1000;
    expect(links.check('confirm-signup', account, token)).toBe('valid');
    now += 1000;
    expect(links.check('confirm-signup', account, token)).toBe('expired');
    now -= LINK_TTL_SECONDS * 1000 + 1000;
  });

  it('dies when the bound state changes, and never works for the other purpose, account or secret', () => {
    const confirmation = links.make('confirm-signup', account).token;
    expect(links.check('confirm-signup', { ...account, isActive: true }, confirmation)).toBe('invalid');
    expect(links.wasForInactive({ ...account, isActive: true }, confirmation)).toBe(true);
    expect(links.check('confirm-signup', { ...account, passwordHash: 'other' }, confirmation)).toBe('invalid');
    expect(links.check('reset-password', account, confirmation)).toBe('invalid');
    expect(links.check('confirm-signup', { ...account, id: 43 }, confirmation)).toBe('invalid');
    expect(createAccountLinks('another-secret-another-secret-0123456', () => now).check('confirm-signup', account, confirmation)).toBe('invalid');

    const reset = links.make('reset-password', account).token;
    expect(links.check('reset-password', account, reset)).toBe('valid');
    expect(links.check('reset-password', { ...account, passwordResetCount: 1 }, reset)).toBe('invalid');
    expect(links.check('reset-password', { ...account, email: 'y@example.org' }, reset)).toBe('invalid');
    // Activation does not matter to a reset link.
    expect(links.check('reset-password', { ...account, isActive: true }, reset)).toBe('valid');
  });

  it('refuses malformed tokens and stamps from the future', () => {
    for (const bad of ['', 'abc', '-', `zzzzzzzzzz-${'A'.repeat(43)}`, `${'1'.repeat(11)}-${'A'.repeat(43)}`]) {
      expect(links.check('confirm-signup', account, bad), bad).toBe('invalid');
    }
    now += 10 * 60_000;
    const fromTheFuture = links.make('confirm-signup', account).token;
    now -= 10 * 60_000;
    expect(links.check('confirm-signup', account, fromTheFuture)).toBe('invalid');
  });

  it('builds the letters’ links from PUBLIC_URL', () => {
    const params = { uidb64: 'NDI', token: 'abc-def' };
    expect(confirmationLink({ publicUrl: 'https://mutabor.example' }, params)).toBe('https://mutabor.example/user/confirm-signup/NDI/abc-def/');
    expect(resetLink({ publicUrl: 'https://mutabor.example' }, params)).toBe('https://mutabor.example/user/reset-password/completion/NDI/abc-def/');
  });
});

describe('the password hasher', () => {
  it('takes about as long for an unknown account as for a wrong password', async () => {
    const cost = 2 ** 13;
    const hasher = createPasswordHasher(cost);
    const stored = await hasher.hash('настоящий пароль');
    expect(stored).toMatch(new RegExp(`^scrypt\\$${cost}\\$`));
    expect(await hasher.verify('настоящий пароль', stored)).toBe(true);
    // Interleaved, and each kind's fastest check compared: a busy machine only ever adds time, so the fastest of many is
    // the check's own cost (medians of 9 once differed threefold on two loaded cores, for the same work).
    const samples: Record<'known' | 'unknown' | 'unusable', number[]> = { known: [], unknown: [], unusable: [] };
    const kinds = [['known', stored], ['unknown', null], ['unusable', '!unusable']] as const;
    for (let run = 0; run < 15; run += 1) {
      for (const [kind, candidate] of kinds) {
        const start = performance.now();
        expect(await hasher.verify('неверный пароль', candidate)).toBe(false);
        samples[kind].push(performance.now() - start);
      }
    }
    const [known, unknown, unusable] = [Math.min(...samples.known), Math.min(...samples.unknown), Math.min(...samples.unusable)];
    expect(unknown / known).toBeGreaterThan(0.5);
    expect(unknown / known).toBeLessThan(2);
    expect(unusable / known).toBeGreaterThan(0.5);
  });

  it('uses N = 2^15 with p = 3 unless a test asks for less', async () => {
    const hasher = createPasswordHasher();
    expect(await hasher.hash('x')).toMatch(/^scrypt\$32768\$8\$3\$/);
    expect(await hashPassword('x', { cost: 2 ** 10 })).toMatch(/^scrypt\$1024\$/);
  });
});

describe('token stamps', () => {
  const tokens = createTokenService(TEST_JWT_SECRET);

  it('carry the password stamp to the millisecond', async () => {
    const changedAt = new Date('2030-01-01T10:00:00.123Z');
    const { access, refresh } = await tokens.signPair(5, changedAt);
    expect(tokens.verify(access, 'access')?.passwordChangedAt).toBe(changedAt.getTime());
    expect(tokens.verify(refresh, 'refresh')?.passwordChangedAt).toBe(changedAt.getTime());
    expect(tokens.verify(await tokens.sign(5, 'access'), 'access')?.passwordChangedAt).toBeNull();
    const odd = await new SignJWT({ type: 'access', pwc: 'yesterday' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('5')
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode(TEST_JWT_SECRET));
    expect(tokens.verify(odd, 'access')).toBeNull();
  });

  it('decide whether a token predates the password', () => {
    const changedAt = new Date('2030-01-01T10:00:00.500Z');
    const second = Math.floor(changedAt.getTime() / 1000);
    expect(issuedBeforePasswordChange(second, changedAt.getTime(), changedAt)).toBe(false);
    expect(issuedBeforePasswordChange(second, changedAt.getTime() - 1, changedAt)).toBe(true);
    // Without a stamp, the issue time decides with a resolution of a second.
    expect(issuedBeforePasswordChange(second - 1, null, changedAt)).toBe(true);
    expect(issuedBeforePasswordChange(second, null, changedAt)).toBe(false);
  });
});

describe('texts', () => {
  it('says «через N минут» with the right form', () => {
    expect(inMinutes(1)).toBe('через 1 минуту');
    expect(inMinutes(60)).toBe('через 1 минуту');
    expect(inMinutes(61)).toBe('через 2 минуты');
    expect(inMinutes(15 * 60)).toBe('через 15 минут');
    expect(inMinutes(21 * 60)).toBe('через 21 минуту');
  });

  it('writes confirmation failures as one clause, so they read as one sentence after the site’s lower-casing prefix', () => {
    for (const message of [accountMessages.confirmationUsed, accountMessages.confirmationExpired, accountMessages.confirmationInvalid]) {
      const shown = `Ошибка подверждения регистрации: ${message.charAt(0).toLowerCase()}${message.slice(1)}`;
      // Lower-casing the whole message changes nothing but its first letter: no name or second sentence to spoil.
      expect(shown).toBe(`Ошибка подверждения регистрации: ${message.toLowerCase()}`);
      expect(shown).toMatch(/^[^.!?;]+\.$/u);
    }
  });
});
