// Every environment variable of the server, parsed and validated in one place (ARCHITECTURE.md, «Configuration»).
import { createPrivateKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { parseAddressRanges } from './http/addressRanges.ts';

/**
 * The scrypt cost of a test server (TEST_ENDPOINTS=1, refused with DATABASE_URL) instead of services/accounts/passwords.ts's
 * 2^15: 1 MB and a few ms a hash instead of 32 MB and 0.2 s of a core, for the browser journeys' logins and sign-ups
 * by the hundred and the seeded accounts. The server tests use the same.
 */
export const TEST_PASSWORD_COST = 2 ** 10;

/** The configuration the app runs with: the environment's, with the signing secret settled (services/accounts/signingSecret.ts). */
export interface AppConfig {
  port: number;
  host: string;
  /** Absolute path of the embedded database and the mail outbox. */
  dataDir: string;
  /** Absolute path of the PGlite data directory (DATA_DIR/pgdata). */
  pgliteDir: string;
  databaseUrl: string | null;
  /** Origin used in e-mail links and payment return addresses, without a trailing slash. */
  publicUrl: string;
  /** Signs tokens, account links and test-checkout links: JWT_SECRET, or the one kept in the database. */
  jwtSecret: string;
  smtpUrl: string | null;
  /** The From header of every letter: `Name <address>` or an address. */
  mailFrom: string;
  /** How long a process's claim on letters lasts (services/letters/letterQueue.ts): a killed process's letters wait this long. */
  mailLeaseSeconds: number;
  /** Hours after a checkout ended cancelled or expired until its one reminder (services/payments/checkoutReminders.ts); 0: none. */
  checkoutReminderHours: number;
  /** DKIM signing of every letter (nodemailer's `dkim` option): DKIM_DOMAIN, DKIM_SELECTOR, DKIM_PRIVATE_KEY; null for none. */
  dkim: DkimSettings | null;
  /** Fastify's trustProxy: the proxies whose X-Forwarded-For gives the client's address (login limits); false for none. */
  trustProxy: false | string[];
  /**
   * notifyIps: the addresses and ranges whose notifications are accepted (YooKassa's published ones by default);
   * receipts: the 54-ФЗ receipt sent with every payment and refund (RECEIPTS=yookassa), null for none (RECEIPTS=off).
   */
  yookassa: { shopId: string; secretKey: string; apiUrl: string; notifyIps: string[]; receipts: ReceiptSettings | null } | null;
  paypal: { clientId: string; clientSecret: string; apiUrl: string } | null;
  /** Load the demo content into an empty database at start. */
  seedDemo: boolean;
  /** Let the test checkout stand in for a provider without keys. */
  paymentsSandbox: boolean;
  /** Origins allowed to call the library endpoints cross-origin. */
  libraryCorsOrigins: string[];
  /** Extra origins the served site may fetch from (Content-Security-Policy connect-src). */
  cspConnectOrigins: string[];
  operatorName: string;
  operatorEmail: string | null;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Test-only endpoints (the reminder sweep with a given clock): browser tests on the embedded database only. */
  testEndpoints: boolean;
  /**
   * The scrypt cost of new password hashes and of the seed's (testPasswordCost): null for the full cost of
   * services/accounts/passwords.ts; TEST_PASSWORD_COST with TEST_ENDPOINTS only, so production cannot lower it.
   */
  passwordCost: number | null;
  /** Where recorded lectures are kept (services/recordings/storage.ts, docs/RECORDINGS.md). */
  recordings: RecordingsStorageSettings;
  /** The largest recording an author may upload, bytes (RECORDING_MAX_BYTES; 4 GiB). */
  recordingMaxBytes: number;
  /** What one author's recordings may take together, bytes (RECORDING_QUOTA_BYTES; 200 GiB). */
  recordingQuotaBytes: number;
  /** Testing knob: the processing job's lease in seconds (RECORDING_JOB_LEASE_SECONDS); null for the default, 5 minutes. */
  recordingJobLeaseSeconds: number | null;
  /** The Telegram bot (docs/TELEGRAM.md); null without TELEGRAM_BOT_TOKEN: the site then offers no Telegram at all. */
  telegram: TelegramSettings | null;
}

export interface TelegramSettings {
  token: string;
  /** The bot's username without @: the deep link is https://t.me/<username>?start=<code>. */
  username: string;
  /**
   * TELEGRAM_WEBHOOK_SECRET: Telegram sends it in X-Telegram-Bot-Api-Secret-Token to the webhook, which refuses
   * anything else; null: no webhook, the process asks for updates by long polling (a developer's machine).
   */
  webhookSecret: string | null;
  /** TELEGRAM_API_URL: the Bot API's root, https://api.telegram.org unless a test points it at its stand-in. */
  apiUrl: string;
}

/**
 * RECORDINGS_STORAGE=fs: files under `dir` (DATA_DIR/recordings), for one process or a shared folder; s3: any
 * S3-compatible store (Yandex Object Storage, MinIO), so that every process behind the proxy serves the same files.
 */
export type RecordingsStorageSettings =
  | { kind: 'fs'; dir: string }
  | { kind: 's3'; endpoint: string; bucket: string; accessKeyId: string; secretAccessKey: string; region: string };

/** `payment_mode` of a receipt's items: lessons paid before they are given (the default), or given already. */
export const RECEIPT_PAYMENT_MODES = ['full_prepayment', 'full_payment'] as const;

/** The codes of a 54-ФЗ receipt (docs/PAYMENTS.md, «Receipts»; https://yookassa.ru/developers/54fz/parameters-values). */
export interface ReceiptSettings {
  /** `tax_system_code` 1–6, sent only when set (an online register with several systems, or ATOL with FFD 1.2). */
  taxSystemCode: number | null;
  /** `vat_code` 1–12; 1 is «без НДС». */
  vatCode: number;
  paymentMode: (typeof RECEIPT_PAYMENT_MODES)[number];
}

/** nodemailer's DKIM options: the signing domain (d=), the selector (s=) and the RSA private key in PEM. */
export interface DkimSettings {
  domainName: string;
  keySelector: string;
  privateKey: string;
}

/** What loadConfig reads from the environment: the signing secret only when JWT_SECRET gives it. */
export type EnvConfig = Omit<AppConfig, 'jwtSecret'> & { jwtSecret: string | null };

/** Variables whose values must never appear in logs or error lines. */
const SECRET_VARIABLES = new Set(['JWT_SECRET', 'SMTP_URL', 'DATABASE_URL', 'YOOKASSA_SECRET_KEY', 'PAYPAL_CLIENT_SECRET', 'DKIM_PRIVATE_KEY', 'S3_SECRET_ACCESS_KEY', 'TELEGRAM_BOT_TOKEN', 'TELEGRAM_WEBHOOK_SECRET']);

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    problem: string,
    value?: string,
  ) {
    const shown = value === undefined || SECRET_VARIABLES.has(variable) ? '' : ` (got ${JSON.stringify(value)})`;
    super(`Invalid configuration: ${variable} ${problem}${shown}`);
    this.name = 'ConfigError';
  }
}

const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);
const optionalText = z.preprocess(blankToUndefined, z.string().trim().optional());

const httpUrl = (problem: string) =>
  z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .refine((value) => /^https?:$/.test(safeUrl(value)?.protocol ?? ''), problem)
      .transform((value) => value.replace(/\/+$/, ''))
      .optional(),
  );

const originList = (problem: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' ? value : ''),
    z
      .string()
      .transform((value) =>
        value
          .split(',')
          .map((item) => item.trim())
          .filter(Boolean),
      )
      .refine((items) => items.every((item) => item === '*' || isOrigin(item)), problem)
      .transform((items) => items.map((item) => (item === '*' ? item : new URL(item).origin))),
  );

/** A size in bytes (a whole number from 1 byte to 1 PiB), or its default. */
const byteCount = (fallback: number) =>
  z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .regex(/^\d{1,16}$/, 'must be a whole number of bytes, such as 4294967296 for 4 GiB')
      .transform(Number)
      .refine((bytes) => bytes >= 1 && bytes <= 1024 ** 5, 'must be a whole number of bytes from 1 to 1125899906842624 (1 PiB)')
      .default(fallback),
  );

const envSchema = z.object({
  PORT: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^\d{1,5}$/, 'must be an integer from 0 to 65535')
      .transform(Number)
      .refine((port) => port <= 65535, 'must be an integer from 0 to 65535')
      .default(8080),
  ),
  HOST: z.preprocess(blankToUndefined, z.string().trim().default('127.0.0.1')),
  DATA_DIR: z.preprocess(blankToUndefined, z.string().default('./var')),
  DATABASE_URL: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .refine((value) => /^postgres(ql)?:$/.test(safeUrl(value)?.protocol ?? ''), 'must be a postgres:// or postgresql:// URL')
      .optional(),
  ),
  PUBLIC_URL: httpUrl('must be an http:// or https:// URL'),
  JWT_SECRET: z.preprocess(blankToUndefined, z.string().min(32, 'must be at least 32 characters long').optional()),
  SMTP_URL: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .refine((value) => /^smtps?:$/.test(safeUrl(value)?.protocol ?? ''), 'must be an smtp:// or smtps:// URL')
      .optional(),
  ),
  MAIL_FROM: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .refine(isMailbox, 'must be an e-mail address or Name <address>')
      .optional(),
  ),
  MAIL_LEASE_SECONDS: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^\d{1,5}$/, 'must be a whole number of seconds from 1 to 3600')
      .transform(Number)
      .refine((seconds) => seconds >= 1 && seconds <= 3600, 'must be a whole number of seconds from 1 to 3600')
      .default(60),
  ),
  RECORDING_MAX_BYTES: byteCount(4 * 1024 ** 3),
  RECORDING_QUOTA_BYTES: byteCount(200 * 1024 ** 3),
  RECORDING_JOB_LEASE_SECONDS: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^\d{1,4}$/, 'must be a whole number of seconds from 2 to 3600')
      .transform(Number)
      .refine((seconds) => seconds >= 2 && seconds <= 3600, 'must be a whole number of seconds from 2 to 3600')
      .optional(),
  ),
  CHECKOUT_REMINDER_HOURS: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .regex(/^\d{1,3}(\.\d{1,2})?$/, 'must be a number of hours from 0 (off) to 720, such as 24 or 1.5')
      .transform(Number)
      .refine((hours) => hours <= 720, 'must be a number of hours from 0 (off) to 720, such as 24 or 1.5')
      .default(24),
  ),
  DKIM_DOMAIN: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, 'must be a domain name such as courses.example.org')
      .optional(),
  ),
  DKIM_SELECTOR: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .regex(/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i, 'must be a DNS label such as mail2026 (letters, digits and hyphens)')
      .optional(),
  ),
  DKIM_PRIVATE_KEY: optionalText,
  TRUST_PROXY: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      // true would believe any client's X-Forwarded-For, and so defeat every per-address limit.
      .refine((value) => value !== 'true', 'must list the proxies whose X-Forwarded-For to believe (addresses or CIDR ranges such as 127.0.0.1 or 10.0.0.0/8, or loopback), not true')
      .refine(
        (value) => value === 'false' || value.split(',').every((item) => isProxyAddress(item.trim())),
        'must be false or a comma-separated list of proxy addresses or CIDR ranges (loopback, linklocal and uniquelocal name those ranges)',
      )
      .optional(),
  ),
  YOOKASSA_SHOP_ID: optionalText,
  YOOKASSA_SECRET_KEY: optionalText,
  YOOKASSA_API_URL: httpUrl('must be an http:// or https:// URL'),
  // https://yookassa.ru/developers/using-api/webhooks#ip
  YOOKASSA_NOTIFY_IPS: z.preprocess(
    blankToUndefined,
    z
      .string()
      .default('185.71.76.0/27,185.71.77.0/27,77.75.153.0/25,77.75.156.11,77.75.156.35,77.75.154.128/25,2a02:5180::/32')
      .refine((value) => parseAddressRanges(value) !== null, 'must be a comma-separated list of addresses or CIDR ranges')
      .transform((value) => parseAddressRanges(value)!),
  ),
  RECEIPTS: z.preprocess(blankToUndefined, z.enum(['yookassa', 'off'], 'must be yookassa (54-FZ receipts sent through YooKassa) or off (none)').optional()),
  RECEIPT_TAX_SYSTEM: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .regex(/^[1-6]$/, 'must be a tax_system_code from 1 to 6')
      .transform(Number)
      .optional(),
  ),
  RECEIPT_VAT_CODE: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .regex(/^(?:[1-9]|1[0-2])$/, 'must be a vat_code from 1 to 12 (1 is «без НДС»)')
      .transform(Number)
      .default(1),
  ),
  RECEIPT_PAYMENT_MODE: z.preprocess(blankToUndefined, z.enum(RECEIPT_PAYMENT_MODES, 'must be full_prepayment or full_payment').default('full_prepayment')),
  PAYPAL_CLIENT_ID: optionalText,
  PAYPAL_CLIENT_SECRET: optionalText,
  PAYPAL_API_URL: httpUrl('must be an http:// or https:// URL'),
  SEED_DEMO: flag(),
  PAYMENTS_SANDBOX: flag(),
  LIBRARY_CORS_ORIGINS: originList('must be a comma-separated list of origins such as https://library.example.org'),
  CSP_CONNECT_ORIGINS: originList('must be a comma-separated list of origins such as https://api.example.org'),
  OPERATOR_NAME: z.preprocess(blankToUndefined, z.string().trim().default('Мутабор')),
  OPERATOR_EMAIL: z.preprocess(blankToUndefined, z.email('must be an e-mail address').optional()),
  TEST_ENDPOINTS: flag(),
  RECORDINGS_STORAGE: z.preprocess(blankToUndefined, z.enum(['fs', 's3'], 'must be fs (files under DATA_DIR/recordings) or s3 (an S3-compatible store)').default('fs')),
  TELEGRAM_BOT_TOKEN: z.preprocess(blankToUndefined, z.string().trim().regex(/^[0-9]{1,20}:[A-Za-z0-9_-]{20,100}$/, 'must be the token BotFather gave, such as 123456789:AAE…').optional()),
  TELEGRAM_BOT_USERNAME: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .transform((value) => value.replace(/^@/, ''))
      .pipe(z.string().regex(/^[A-Za-z][A-Za-z0-9_]{3,31}$/, 'must be the bot\'s username, such as mutabor_school_bot'))
      .optional(),
  ),
  TELEGRAM_WEBHOOK_SECRET: z.preprocess(blankToUndefined, z.string().regex(/^[A-Za-z0-9_-]{16,256}$/, 'must be 16 to 256 characters of A-Z, a-z, 0-9, _ and -').optional()),
  TELEGRAM_API_URL: httpUrl('must be an http:// or https:// URL'),
  S3_ENDPOINT: httpUrl('must be an http:// or https:// URL such as https://storage.yandexcloud.net'),
  S3_BUCKET: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name of 3 to 63 lowercase letters, digits, dots and hyphens')
      .optional(),
  ),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_REGION: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .regex(/^[a-z0-9-]{1,40}$/, 'must be a region name such as ru-central1 or us-east-1')
      .optional(),
  ),
  LOG_LEVEL: z.preprocess(
    blankToUndefined,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], 'must be one of fatal, error, warn, info, debug, trace, silent').default('info'),
  ),
});

/** 1 or 0 (true/false, yes/no); unset means the default of the database in use (loadConfig). */
function flag() {
  return z.preprocess(
    blankToUndefined,
    z
      .enum(['1', '0', 'true', 'false', 'yes', 'no'], 'must be 1 or 0')
      .transform((value) => ['1', 'true', 'yes'].includes(value))
      .optional(),
  );
}

function safeUrl(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

/** `address@host` or `Display Name <address@host>`. */
function isMailbox(value: string): boolean {
  const address = /<([^<>]+)>$/.exec(value)?.[1] ?? value;
  return z.email().safeParse(address.trim()).success && !/[\r\n]/.test(value);
}

/** An address, a CIDR range, or one of the names proxy-addr knows for the private ranges. */
function isProxyAddress(value: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(value)) return true;
  const [address, prefix, ...rest] = value.split('/');
  const version = isIP(address ?? '');
  if (version === 0 || rest.length > 0) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128));
}

function parseTrustProxy(value: string | undefined): false | string[] {
  if (value === undefined || value === 'false') return false;
  return value.split(',').map((item) => item.trim());
}

function isOrigin(value: string): boolean {
  const url = safeUrl(value);
  return url !== null && /^https?:$/.test(url.protocol) && url.origin === value.replace(/\/$/, '');
}

/**
 * The DKIM settings: all three variables or none. DKIM_PRIVATE_KEY is the PEM text itself (starting with `-----BEGIN`;
 * a backslash and `n` stand for a line break, for environment files of one line a variable) or the path of a file
 * holding it (relative to the working directory), read here once. The key must be RSA (nodemailer signs rsa-sha256) of
 * at least 1024 bits.
 */
function dkimSettings(domain: string | undefined, selector: string | undefined, key: string | undefined, cwd: string): DkimSettings | null {
  const given = { DKIM_DOMAIN: domain, DKIM_SELECTOR: selector, DKIM_PRIVATE_KEY: key };
  const missing = Object.entries(given).filter(([, value]) => !value);
  if (missing.length === 3) return null;
  if (missing.length > 0) {
    const set = Object.keys(given).filter((name) => given[name as keyof typeof given]);
    throw new ConfigError(missing[0]![0], `must be set together with ${set.join(' and ')} (all three DKIM variables, or none)`);
  }
  let pem = key!;
  if (!pem.startsWith('-----BEGIN')) {
    const file = path.resolve(cwd, pem);
    try {
      pem = readFileSync(file, 'utf8');
    } catch (error) {
      const reason = (error as NodeJS.ErrnoException).code ?? 'unreadable';
      throw new ConfigError('DKIM_PRIVATE_KEY', `must be a PEM private key or the path of a file holding one; the file ${file} cannot be read (${reason})`);
    }
  }
  pem = pem.replace(/\\n/g, '\n').trim();
  let details: { type?: string; bits?: number };
  try {
    const parsed = createPrivateKey(pem);
    details = { type: parsed.asymmetricKeyType, bits: parsed.asymmetricKeyDetails?.modulusLength };
  } catch {
    throw new ConfigError('DKIM_PRIVATE_KEY', 'must be a PEM private key (-----BEGIN PRIVATE KEY----- or -----BEGIN RSA PRIVATE KEY-----) or the path of a file holding one; this one cannot be read as a private key');
  }
  if (details.type !== 'rsa') throw new ConfigError('DKIM_PRIVATE_KEY', `must be an RSA key (nodemailer signs with rsa-sha256); this one is ${details.type ?? 'of another type'}`);
  if ((details.bits ?? 0) < 1024) throw new ConfigError('DKIM_PRIVATE_KEY', `must be an RSA key of at least 1024 bits (2048 recommended); this one has ${details.bits ?? 0}`);
  return { domainName: domain!, keySelector: selector!, privateKey: `${pem}\n` };
}

/** The bot, when its token is given: its username is then required too (the deep link names it). */
function telegramSettings(vars: z.infer<typeof envSchema>): TelegramSettings | null {
  if (!vars.TELEGRAM_BOT_TOKEN) {
    if (vars.TELEGRAM_WEBHOOK_SECRET) throw new ConfigError('TELEGRAM_WEBHOOK_SECRET', 'needs TELEGRAM_BOT_TOKEN: without a bot there is no webhook');
    return null;
  }
  if (!vars.TELEGRAM_BOT_USERNAME) throw new ConfigError('TELEGRAM_BOT_USERNAME', 'must be set with TELEGRAM_BOT_TOKEN: the profile\'s link opens https://t.me/<username>');
  return {
    token: vars.TELEGRAM_BOT_TOKEN,
    username: vars.TELEGRAM_BOT_USERNAME,
    webhookSecret: vars.TELEGRAM_WEBHOOK_SECRET ?? null,
    apiUrl: (vars.TELEGRAM_API_URL ?? 'https://api.telegram.org').replace(/\/+$/, ''),
  };
}

/** The recordings' storage: the folder under DATA_DIR, or S3 with all five of its variables. */
function recordingsStorage(vars: z.infer<typeof envSchema>, dataDir: string): RecordingsStorageSettings {
  if (vars.RECORDINGS_STORAGE === 'fs') return { kind: 'fs', dir: path.join(dataDir, 'recordings') };
  const given = {
    S3_ENDPOINT: vars.S3_ENDPOINT,
    S3_BUCKET: vars.S3_BUCKET,
    S3_ACCESS_KEY_ID: vars.S3_ACCESS_KEY_ID,
    S3_SECRET_ACCESS_KEY: vars.S3_SECRET_ACCESS_KEY,
    S3_REGION: vars.S3_REGION,
  };
  const missing = Object.keys(given).filter((name) => !given[name as keyof typeof given]);
  if (missing.length > 0) {
    throw new ConfigError(
      missing[0]!,
      `must be set with RECORDINGS_STORAGE=s3, as S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY and S3_REGION all must (missing: ${missing.join(', ')})`,
    );
  }
  return { kind: 's3', endpoint: given.S3_ENDPOINT!, bucket: given.S3_BUCKET!, accessKeyId: given.S3_ACCESS_KEY_ID!, secretAccessKey: given.S3_SECRET_ACCESS_KEY!, region: given.S3_REGION! };
}

function pair<T>(first: string | undefined, second: string | undefined, names: [string, string], build: (a: string, b: string) => T): T | null {
  if (first && second) return build(first, second);
  if (first || second) throw new ConfigError(first ? names[1] : names[0], `must be set together with ${first ? names[0] : names[1]}`);
  return null;
}

/**
 * Parses the environment. Throws ConfigError naming the first wrong variable. The embedded database is the demo,
 * DATABASE_URL is production: the demo content and the test checkout default to on for the first only.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): EnvConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const variable = String(issue.path[0] ?? 'environment');
    throw new ConfigError(variable, issue.message, env[variable]);
  }
  const vars = parsed.data;
  const dataDir = path.resolve(cwd, vars.DATA_DIR);
  const yookassa = pair(vars.YOOKASSA_SHOP_ID, vars.YOOKASSA_SECRET_KEY, ['YOOKASSA_SHOP_ID', 'YOOKASSA_SECRET_KEY'], (shopId, secretKey) => {
    // A shop with 54-ФЗ receipts refuses every payment without one, and a shop without them must not be sent one by
    // accident: whoever sets the keys says which it is.
    if (!vars.RECEIPTS) {
      throw new ConfigError('RECEIPTS', 'must be chosen when the YooKassa keys are set: yookassa (a 54-FZ receipt with every payment and refund) or off (no receipts through YooKassa)');
    }
    return {
      shopId,
      secretKey,
      apiUrl: vars.YOOKASSA_API_URL ?? 'https://api.yookassa.ru/v3',
      notifyIps: vars.YOOKASSA_NOTIFY_IPS,
      receipts: vars.RECEIPTS === 'yookassa' ? { taxSystemCode: vars.RECEIPT_TAX_SYSTEM ?? null, vatCode: vars.RECEIPT_VAT_CODE, paymentMode: vars.RECEIPT_PAYMENT_MODE } : null,
    };
  });
  const paypal = pair(vars.PAYPAL_CLIENT_ID, vars.PAYPAL_CLIENT_SECRET, ['PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET'], (clientId, clientSecret) => ({
    clientId,
    clientSecret,
    // The sandbox unless told otherwise: live keys against it fail loudly instead of sandbox keys charging for real.
    apiUrl: vars.PAYPAL_API_URL ?? 'https://api-m.sandbox.paypal.com',
  }));
  // A moved clock in production would send real people reminders at the wrong time.
  if (vars.TEST_ENDPOINTS && vars.DATABASE_URL) throw new ConfigError('TEST_ENDPOINTS', 'must not be set with DATABASE_URL: the test-only endpoints are for tests on the embedded database');
  return {
    port: vars.PORT,
    host: vars.HOST,
    dataDir,
    pgliteDir: path.join(dataDir, 'pgdata'),
    databaseUrl: vars.DATABASE_URL ?? null,
    publicUrl: vars.PUBLIC_URL ?? `http://localhost:${vars.PORT}`,
    jwtSecret: vars.JWT_SECRET ?? null,
    smtpUrl: vars.SMTP_URL ?? null,
    mailFrom: vars.MAIL_FROM ?? `"${vars.OPERATOR_NAME.replace(/["\\\r\n]/g, '')}" <noreply@${new URL(vars.PUBLIC_URL ?? 'http://localhost').hostname}>`,
    mailLeaseSeconds: vars.MAIL_LEASE_SECONDS,
    checkoutReminderHours: vars.CHECKOUT_REMINDER_HOURS,
    dkim: dkimSettings(vars.DKIM_DOMAIN, vars.DKIM_SELECTOR, vars.DKIM_PRIVATE_KEY, cwd),
    trustProxy: parseTrustProxy(vars.TRUST_PROXY),
    yookassa,
    paypal,
    seedDemo: vars.SEED_DEMO ?? !vars.DATABASE_URL,
    paymentsSandbox: vars.PAYMENTS_SANDBOX ?? !vars.DATABASE_URL,
    libraryCorsOrigins: vars.LIBRARY_CORS_ORIGINS,
    cspConnectOrigins: vars.CSP_CONNECT_ORIGINS,
    operatorName: vars.OPERATOR_NAME,
    operatorEmail: vars.OPERATOR_EMAIL ?? null,
    logLevel: vars.LOG_LEVEL,
    testEndpoints: vars.TEST_ENDPOINTS ?? false,
    passwordCost: testPasswordCost(env),
    recordings: recordingsStorage(vars, dataDir),
    recordingMaxBytes: vars.RECORDING_MAX_BYTES,
    recordingQuotaBytes: vars.RECORDING_QUOTA_BYTES,
    recordingJobLeaseSeconds: vars.RECORDING_JOB_LEASE_SECONDS ?? null,
    telegram: telegramSettings(vars),
  };
}

/**
 * The cheaper scrypt cost of a test server (TEST_ENDPOINTS=1 on the embedded database), else null for the full cost.
 * The demo seed reads it here too, in the child process that creates the database (db/prepareChild.ts) and has the
 * server's environment but not its config, so the seeded accounts' hashes are made at the cost their logins check.
 */
export function testPasswordCost(env: NodeJS.ProcessEnv = process.env): number | null {
  const testEndpoints = envSchema.shape.TEST_ENDPOINTS.safeParse(env.TEST_ENDPOINTS);
  const databaseUrl = blankToUndefined(env.DATABASE_URL);
  return testEndpoints.success && testEndpoints.data === true && databaseUrl === undefined ? TEST_PASSWORD_COST : null;
}

/** For main.ts and the seed command: prints one line naming the wrong variable and exits. */
export function loadConfigOrExit(env: NodeJS.ProcessEnv = process.env): EnvConfig {
  try {
    return loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}
