// DKIM signing (issue 21, item 9): with DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY set, nodemailer signs every
// letter the transport builds, and an independent verifier accepts it: python3-dkim's dkim.verify, with a DNS lookup
// that answers the selector's TXT record made from the test's public key. Skipped, with the reason printed, where
// python3-dkim is not installed (apt-get install python3-dkim, as .ci/run does). The configuration's checks run always.
import { spawnSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';
import { confirmationLetter } from '../src/services/accounts/letters.ts';
import { createMailer, outboxDir } from '../src/services/letters/mail.ts';
import { readOutbox } from './mailbox.ts';
import { startSmtpStandIn } from './smtpStandIn.ts';

const DOMAIN = 'courses.example.org';
const SELECTOR = 'mail2026';
const silent = { info() {}, warn() {}, error() {} } as never;

/** Debian's python3 with python3-dkim: the system one first (a python3 earlier on the PATH may lack the package). */
const python = ['/usr/bin/python3', 'python3'].find((candidate) => spawnSync(candidate, ['-c', 'import dkim'], { encoding: 'utf8' }).status === 0);
if (!python) {
  console.warn('dkim.test.ts: the signatures are not verified here: python3-dkim is not installed (apt-get install python3-dkim, as .ci/run does).');
}

/** dkim.verify over the message, with DNS answering only `<selector>._domainkey.<domain>` with the given record. */
const VERIFY = `
import sys, dkim
record = sys.argv[1].encode()
name = sys.argv[2]
def dnsfunc(query, timeout=5):
    query = query.decode() if isinstance(query, bytes) else query
    return record if query.rstrip('.') == name else None
message = sys.stdin.buffer.read()
print('valid' if dkim.verify(message, dnsfunc=dnsfunc) else 'invalid')
`;

function verify(message: Buffer, publicKey: string): string {
  // What the wire carries: the outbox writes Unix line ends, SMTP sends CRLF (RFC 5322 and the signature's
  // canonicalization are in CRLF).
  const wire = Buffer.from(message.toString('latin1').replace(/\r?\n/g, '\r\n'), 'latin1');
  const run = spawnSync(python!, ['-c', VERIFY, `v=DKIM1; k=rsa; p=${publicKey}`, `${SELECTOR}._domainkey.${DOMAIN}`], { input: wire, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`dkim.verify failed to run: ${run.stderr}`);
  return run.stdout.trim();
}

function keyPair(type: 'rsa' | 'ed25519' = 'rsa', modulusLength = 2048) {
  const pair =
    type === 'rsa'
      ? generateKeyPairSync('rsa', { modulusLength, publicKeyEncoding: { type: 'spki', format: 'der' }, privateKeyEncoding: { type: 'pkcs8', format: 'pem' } })
      : generateKeyPairSync('ed25519', { publicKeyEncoding: { type: 'spki', format: 'der' }, privateKeyEncoding: { type: 'pkcs8', format: 'pem' } });
  return { privateKey: pair.privateKey, publicKey: pair.publicKey.toString('base64') };
}

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dkim-'));
  dirs.push(dir);
  return dir;
};

afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const letterConfig = { publicUrl: `https://${DOMAIN}`, operatorName: 'Мутабор', operatorEmail: null };
const letter = () => ({
  ...confirmationLetter(letterConfig, { email: 'pupil@example.org', firstName: 'Пётр' }, `https://${DOMAIN}/user/confirm-signup/Mw/abc-def/`),
  toName: 'Пётр Учеников',
  replyTo: '"ИП Петрова Анна Сергеевна" <seller@example.org>',
});

describe('DKIM settings', () => {
  const env = (extra: NodeJS.ProcessEnv) => ({ DATA_DIR: tempDir(), ...extra });
  const refused = (extra: NodeJS.ProcessEnv) => {
    try {
      loadConfig(env(extra));
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      return (error as Error).message;
    }
    throw new Error('the configuration was accepted');
  };

  it('is off without the variables, and takes the key as PEM text, as PEM with \\n for line breaks, or as a file', () => {
    expect(loadConfig(env({})).dkim).toBeNull();
    const { privateKey } = keyPair();
    const file = path.join(tempDir(), 'dkim.pem');
    writeFileSync(file, privateKey);
    for (const key of [privateKey, privateKey.replace(/\n/g, '\\n'), file]) {
      expect(loadConfig(env({ DKIM_DOMAIN: DOMAIN, DKIM_SELECTOR: SELECTOR, DKIM_PRIVATE_KEY: key })).dkim).toEqual({
        domainName: DOMAIN,
        keySelector: SELECTOR,
        privateKey: privateKey.trim() + '\n',
      });
    }
  });

  it('stops the start with one line naming what is wrong, never printing the key', () => {
    const { privateKey } = keyPair();
    expect(refused({ DKIM_DOMAIN: DOMAIN })).toBe('Invalid configuration: DKIM_SELECTOR must be set together with DKIM_DOMAIN (all three DKIM variables, or none)');
    expect(refused({ DKIM_SELECTOR: SELECTOR, DKIM_PRIVATE_KEY: privateKey })).toBe(
      'Invalid configuration: DKIM_DOMAIN must be set together with DKIM_SELECTOR and DKIM_PRIVATE_KEY (all three DKIM variables, or none)',
    );
    expect(refused({ DKIM_DOMAIN: 'not a domain', DKIM_SELECTOR: SELECTOR, DKIM_PRIVATE_KEY: privateKey })).toMatch(/^Invalid configuration: DKIM_DOMAIN must be a domain name/);
    expect(refused({ DKIM_DOMAIN: DOMAIN, DKIM_SELECTOR: 'a b', DKIM_PRIVATE_KEY: privateKey })).toMatch(/^Invalid configuration: DKIM_SELECTOR must be a DNS label/);
    const missing = path.join(tempDir(), 'missing.pem');
    expect(refused({ DKIM_DOMAIN: DOMAIN, DKIM_SELECTOR: SELECTOR, DKIM_PRIVATE_KEY: missing })).toBe(
      `Invalid configuration: DKIM_PRIVATE_KEY must be a PEM private key or the path of a file holding one; the file ${missing} cannot be read (ENOENT)`,
    );
    const garbage = '-----BEGIN PRIVATE KEY-----\nbm90IGEga2V5\n-----END PRIVATE KEY-----';
    const message = refused({ DKIM_DOMAIN: DOMAIN, DKIM_SELECTOR: SELECTOR, DKIM_PRIVATE_KEY: garbage });
    expect(message).toMatch(/^Invalid configuration: DKIM_PRIVATE_KEY must be a PEM private key .* cannot be read as a private key$/);
    expect(message).not.toContain('bm90IGEga2V5');
    expect(refused({ DKIM_DOMAIN: DOMAIN, DKIM_SELECTOR: SELECTOR, DKIM_PRIVATE_KEY: keyPair('ed25519').privateKey })).toBe(
      'Invalid configuration: DKIM_PRIVATE_KEY must be an RSA key (nodemailer signs with rsa-sha256); this one is ed25519',
    );
    expect(refused({ DKIM_DOMAIN: DOMAIN, DKIM_SELECTOR: SELECTOR, DKIM_PRIVATE_KEY: keyPair('rsa', 512).privateKey })).toBe(
      'Invalid configuration: DKIM_PRIVATE_KEY must be an RSA key of at least 1024 bits (2048 recommended); this one has 512',
    );
  });
});

describe.runIf(python)('DKIM signatures, checked by python3-dkim', () => {
  const { privateKey, publicKey } = keyPair();
  const settings = { DKIM_DOMAIN: DOMAIN, DKIM_SELECTOR: SELECTOR, DKIM_PRIVATE_KEY: privateKey, MAIL_FROM: `Мутабор <noreply@${DOMAIN}>` };

  it('signs the letter the outbox transport writes, and the signature breaks when the letter is changed', async () => {
    const config = loadConfig({ DATA_DIR: tempDir(), ...settings });
    const mailer = createMailer(config, silent);
    await mailer.send(letter());
    mailer.close();
    const [file] = readdirSync(outboxDir(config));
    const raw = readFileSync(path.join(outboxDir(config), file!));
    const [written] = readOutbox(outboxDir(config));
    const signature = written!.headers.get('dkim-signature')!;
    expect(signature).toContain(`d=${DOMAIN}`);
    expect(signature).toContain(`s=${SELECTOR}`);
    expect(signature).toContain('a=rsa-sha256');
    // The headers a forger would change are signed.
    expect(signature).toMatch(/h=[^;]*from[^;]*:[^;]*to/i);
    expect(signature).toMatch(/h=[^;]*subject/i);
    expect(signature).toMatch(/h=[^;]*reply-to/i);

    expect(verify(raw, publicKey)).toBe('valid');
    // Another key under the selector, a changed subject, a changed body: all refused.
    expect(verify(raw, keyPair().publicKey)).toBe('invalid');
    const text = raw.toString('latin1');
    expect(verify(Buffer.from(text.replace(/^Subject: .*$/m, 'Subject: =?UTF-8?B?0KHQutC40LTQutCw?='), 'latin1'), publicKey)).toBe('invalid');
    const body = text.indexOf('\n\n');
    expect(verify(Buffer.from(text.slice(0, body) + text.slice(body).replace(/[A-Za-z0-9]{8}/, 'AAAAAAAA'), 'latin1'), publicKey)).toBe('invalid');
  });

  it('signs what goes over SMTP', async () => {
    const smtp = await startSmtpStandIn();
    try {
      const mailer = createMailer(loadConfig({ DATA_DIR: tempDir(), SMTP_URL: smtp.url, ...settings }), silent);
      await mailer.send(letter());
      mailer.close();
      expect(verify(Buffer.from(smtp.received[0]!.data, 'utf8'), publicKey)).toBe('valid');
    } finally {
      await smtp.close();
    }
  });

  it('leaves letters unsigned without the settings', async () => {
    const config = loadConfig({ DATA_DIR: tempDir() });
    const mailer = createMailer(config, silent);
    await mailer.send(letter());
    mailer.close();
    expect(readOutbox(outboxDir(config))[0]!.headers.has('dkim-signature')).toBe(false);
  });
});
