// Configuration: defaults (the embedded database is the demo, DATABASE_URL production), one clear line per wrong
// variable, secrets never echoed, TRUST_PROXY only as a list of proxies.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'webinar-courses-config-'));
  dirs.push(dir);
  return dir;
};

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const SECRET = 'x'.repeat(40);

function configError(env: NodeJS.ProcessEnv): ConfigError {
  try {
    loadConfig({ JWT_SECRET: SECRET, ...env }, tempDir());
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error('loadConfig accepted the environment');
}

describe('config', () => {
  it('applies the defaults of ARCHITECTURE.md', () => {
    const cwd = tempDir();
    const config = loadConfig({}, cwd);
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: path.join(cwd, 'var'),
      pgliteDir: path.join(cwd, 'var', 'pgdata'),
      databaseUrl: null,
      publicUrl: 'http://localhost:8080',
      smtpUrl: null,
      yookassa: null,
      paypal: null,
      seedDemo: true,
      libraryCorsOrigins: [],
      logLevel: 'info',
    });
  });

  it('reads every variable', () => {
    const config = loadConfig(
      {
        PORT: '9000',
        HOST: '0.0.0.0',
        DATA_DIR: '/tmp/somewhere',
        DATABASE_URL: 'postgres://user:pw@db:5432/app',
        PUBLIC_URL: 'https://courses.example.org/',
        JWT_SECRET: SECRET,
        SMTP_URL: 'smtp://user:pass@mail.example.org:587',
        YOOKASSA_SHOP_ID: '12345',
        YOOKASSA_SECRET_KEY: 'live_key',
        RECEIPTS: 'yookassa',
        RECEIPT_TAX_SYSTEM: '2',
        RECEIPT_VAT_CODE: '11',
        RECEIPT_PAYMENT_MODE: 'full_payment',
        PAYPAL_CLIENT_ID: 'client',
        PAYPAL_CLIENT_SECRET: 'secret',
        PAYPAL_API_URL: 'https://api-m.sandbox.paypal.com',
        SEED_DEMO: '0',
        LIBRARY_CORS_ORIGINS: 'https://library.example.org, http://localhost:5173/',
        OPERATOR_EMAIL: 'privacy@example.org',
      },
      tempDir(),
    );
    expect(config).toMatchObject({
      port: 9000,
      host: '0.0.0.0',
      dataDir: '/tmp/somewhere',
      databaseUrl: 'postgres://user:pw@db:5432/app',
      publicUrl: 'https://courses.example.org',
      jwtSecret: SECRET,
      smtpUrl: 'smtp://user:pass@mail.example.org:587',
      yookassa: {
        shopId: '12345',
        secretKey: 'live_key',
        apiUrl: 'https://api.yookassa.ru/v3',
        notifyIps: ['185.71.76.0/27', '185.71.77.0/27', '77.75.153.0/25', '77.75.156.11', '77.75.156.35', '77.75.154.128/25', '2a02:5180::/32'],
        receipts: { taxSystemCode: 2, vatCode: 11, paymentMode: 'full_payment' },
      },
      paypal: { clientId: 'client', clientSecret: 'secret', apiUrl: 'https://api-m.sandbox.paypal.com' },
      seedDemo: false,
      libraryCorsOrigins: ['https://library.example.org', 'http://localhost:5173'],
      operatorEmail: 'privacy@example.org',
    });
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://localhost/db' }, 'DATABASE_URL'],
    [{ PUBLIC_URL: 'courses.example.org' }, 'PUBLIC_URL'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL'],
    [{ YOOKASSA_SHOP_ID: '1' }, 'YOOKASSA_SECRET_KEY'],
    [{ PAYPAL_CLIENT_SECRET: 's' }, 'PAYPAL_CLIENT_ID'],
    [{ YOOKASSA_NOTIFY_IPS: '185.71.76.0/33' }, 'YOOKASSA_NOTIFY_IPS'],
    [{ YOOKASSA_NOTIFY_IPS: '185.71.76.0/27, yookassa.ru' }, 'YOOKASSA_NOTIFY_IPS'],
    [{ SEED_DEMO: 'maybe' }, 'SEED_DEMO'],
    [{ LIBRARY_CORS_ORIGINS: 'https://a.example.org/path' }, 'LIBRARY_CORS_ORIGINS'],
    [{ OPERATOR_EMAIL: 'nobody' }, 'OPERATOR_EMAIL'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ RECEIPTS: 'on' }, 'RECEIPTS'],
    [{ RECEIPT_TAX_SYSTEM: '7' }, 'RECEIPT_TAX_SYSTEM'],
    [{ RECEIPT_TAX_SYSTEM: 'УСН' }, 'RECEIPT_TAX_SYSTEM'],
    [{ RECEIPT_VAT_CODE: '0' }, 'RECEIPT_VAT_CODE'],
    [{ RECEIPT_VAT_CODE: '13' }, 'RECEIPT_VAT_CODE'],
    [{ RECEIPT_PAYMENT_MODE: 'advance' }, 'RECEIPT_PAYMENT_MODE'],
  ])('names the wrong variable: %o', (env, variable) => {
    const error = configError(env as NodeJS.ProcessEnv);
    expect(error.variable).toBe(variable);
    expect(error.message).toMatch(new RegExp(`^Invalid configuration: ${variable} `));
    expect(error.message).not.toContain('\n');
  });

  it('refuses YooKassa keys without a choice of receipts, in one line; RECEIPTS=off sends none, yookassa has defaults', () => {
    const keys = { YOOKASSA_SHOP_ID: '12345', YOOKASSA_SECRET_KEY: 'live_key' };
    const error = configError(keys);
    expect(error.variable).toBe('RECEIPTS');
    expect(error.message).toMatch(/^Invalid configuration: RECEIPTS must be chosen .*yookassa.*off/);
    expect(error.message).not.toContain('\n');
    expect(error.message).not.toContain('live_key');
    expect(loadConfig({ ...keys, RECEIPTS: 'off' }, tempDir()).yookassa).toMatchObject({ shopId: '12345', receipts: null });
    expect(loadConfig({ ...keys, RECEIPTS: 'yookassa' }, tempDir()).yookassa).toMatchObject({ receipts: { taxSystemCode: null, vatCode: 1, paymentMode: 'full_prepayment' } });
    // Without keys nothing goes to YooKassa, so nothing needs choosing; wrong values are refused all the same.
    expect(loadConfig({}, tempDir()).yookassa).toBeNull();
    expect(configError({ RECEIPTS: 'yookassa', RECEIPT_VAT_CODE: '1.5' }).variable).toBe('RECEIPT_VAT_CODE');
  });

  it('offers no Telegram without a bot token, and needs the bot’s username with one (docs/TELEGRAM.md)', () => {
    expect(loadConfig({}, tempDir()).telegram).toBeNull();
    const token = '123456789:AAE' + 'x'.repeat(32);
    expect(loadConfig({ TELEGRAM_BOT_TOKEN: token, TELEGRAM_BOT_USERNAME: '@mutabor_school_bot' }, tempDir()).telegram).toEqual({
      token,
      username: 'mutabor_school_bot',
      webhookSecret: null,
      apiUrl: 'https://api.telegram.org',
    });
    expect(
      loadConfig({ TELEGRAM_BOT_TOKEN: token, TELEGRAM_BOT_USERNAME: 'mutabor_school_bot', TELEGRAM_WEBHOOK_SECRET: 's'.repeat(32), TELEGRAM_API_URL: 'http://127.0.0.1:9/' }, tempDir()).telegram,
    ).toMatchObject({ webhookSecret: 's'.repeat(32), apiUrl: 'http://127.0.0.1:9' });
    expect(configError({ TELEGRAM_BOT_TOKEN: token }).variable).toBe('TELEGRAM_BOT_USERNAME');
    expect(configError({ TELEGRAM_WEBHOOK_SECRET: 's'.repeat(32) }).variable).toBe('TELEGRAM_WEBHOOK_SECRET');
    expect(configError({ TELEGRAM_BOT_TOKEN: token, TELEGRAM_BOT_USERNAME: 'bot', TELEGRAM_WEBHOOK_SECRET: 'short' }).variable).toBe('TELEGRAM_BOT_USERNAME');
    const badToken = configError({ TELEGRAM_BOT_TOKEN: 'hunter2-not-a-token', TELEGRAM_BOT_USERNAME: 'mutabor_school_bot' });
    expect(badToken.variable).toBe('TELEGRAM_BOT_TOKEN');
    expect(badToken.message).not.toContain('hunter2');
    expect(configError({ TELEGRAM_BOT_TOKEN: token, TELEGRAM_BOT_USERNAME: 'mutabor_school_bot', TELEGRAM_WEBHOOK_SECRET: 'hunter2 with spaces!' }).message).not.toContain('hunter2');
  });

  it('never repeats a secret value in the error', () => {
    expect(configError({ JWT_SECRET: 'tooshort-secret' }).message).not.toContain('tooshort-secret');
    expect(configError({ DATABASE_URL: 'mysql://admin:hunter2@db/app' }).message).not.toContain('hunter2');
    expect(configError({ SMTP_URL: 'ftp://u:hunter2@mail' }).message).not.toContain('hunter2');
    expect(configError({ PORT: 'abc' }).message).toContain('"abc"');
  });

  it('leaves the signing secret to the database unless JWT_SECRET gives it, and writes nothing at load', () => {
    const dataDir = path.join(tempDir(), 'data');
    expect(loadConfig({ DATA_DIR: dataDir }).jwtSecret).toBeNull();
    expect(existsSync(dataDir)).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir, JWT_SECRET: SECRET }).jwtSecret).toBe(SECRET);
  });

  it('treats the embedded database as the demo and DATABASE_URL as production', () => {
    const demo = loadConfig({}, tempDir());
    expect(demo).toMatchObject({ seedDemo: true, paymentsSandbox: true });
    const production = loadConfig({ DATABASE_URL: 'postgres://db/app' }, tempDir());
    expect(production).toMatchObject({ seedDemo: false, paymentsSandbox: false });
    expect(loadConfig({ DATABASE_URL: 'postgres://db/app', SEED_DEMO: '1', PAYMENTS_SANDBOX: 'true' }, tempDir())).toMatchObject({ seedDemo: true, paymentsSandbox: true });
    expect(loadConfig({ SEED_DEMO: '0', PAYMENTS_SANDBOX: 'no' }, tempDir())).toMatchObject({ seedDemo: false, paymentsSandbox: false });
    expect(configError({ PAYMENTS_SANDBOX: 'maybe' }).variable).toBe('PAYMENTS_SANDBOX');
  });

  it('turns the test-only endpoints on only when asked, and never with DATABASE_URL (production)', () => {
    expect(loadConfig({}, tempDir()).testEndpoints).toBe(false);
    expect(loadConfig({ TEST_ENDPOINTS: '1' }, tempDir()).testEndpoints).toBe(true);
    const refusal = configError({ TEST_ENDPOINTS: '1', DATABASE_URL: 'postgres://db/app' });
    expect(refusal.variable).toBe('TEST_ENDPOINTS');
    expect(refusal.message).toMatch(/^Invalid configuration: TEST_ENDPOINTS must not be set with DATABASE_URL/);
    expect(loadConfig({ TEST_ENDPOINTS: '0', DATABASE_URL: 'postgres://db/app' }, tempDir()).testEndpoints).toBe(false);
  });

  it('trusts X-Forwarded-For only from the proxies listed in TRUST_PROXY', () => {
    const trust = (value?: string) => loadConfig({ JWT_SECRET: SECRET, TRUST_PROXY: value }, tempDir()).trustProxy;
    expect(trust()).toBe(false);
    expect(trust('false')).toBe(false);
    expect(trust('127.0.0.1')).toEqual(['127.0.0.1']);
    expect(trust('10.0.0.1, 192.168.0.0/16,loopback, ::1, fd00::/8')).toEqual(['10.0.0.1', '192.168.0.0/16', 'loopback', '::1', 'fd00::/8']);
    const refusal = configError({ TRUST_PROXY: 'true' });
    expect(refusal.variable).toBe('TRUST_PROXY');
    expect(refusal.message).toMatch(/^Invalid configuration: TRUST_PROXY must list the proxies .*127\.0\.0\.1.*not true \(got "true"\)$/);
    for (const wrong of ['yes please', '1', '2', '10.0.0.0/33', '300.1.1.1', '10.0.0.1/8/1', 'loopback,']) {
      expect(configError({ TRUST_PROXY: wrong }).variable, wrong).toBe('TRUST_PROXY');
    }
  });

  it('stops the server with one line naming the variable', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
      env: { ...process.env, PORT: 'eighty', DATA_DIR: tempDir() },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split('\n').filter((line) => !line.includes('ExperimentalWarning'))).toEqual([
      'Invalid configuration: PORT must be an integer from 0 to 65535 (got "eighty")',
    ]);
  });
});
