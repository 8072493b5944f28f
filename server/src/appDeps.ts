// AppDeps: everything the server's services work with, made once per app by buildApp (app.ts) and decorated as
// `app.deps`. Routes hand it, or the domain service made from it, to the service functions: a service declares the
// part it uses as its own interface (EnrollmentDeps, RefundDeps, MutaboContext…), and AppDeps satisfies each of them.
import { TelegramBot } from './services/telegram/bot.ts';
import { TelegramQueue, type TelegramQueueOptions } from './services/telegram/telegramQueue.ts';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from './config.ts';
import type { Database, Db } from './db/client.ts';
import { createAccountServices, type AccountServices, type AccountsOptions } from './services/accounts/accountServices.ts';
import { AuthStateCache, createAuthStates, type AuthStates } from './services/accounts/authStates.ts';
import { BackgroundTasks } from './services/backgroundTasks.ts';
import { composeCheckoutReminder } from './services/payments/checkoutReminders.ts';
import { composeApprovalLetter } from './services/places/enrollmentLetters.ts';
import { composeReminderLetter } from './services/schedule/lessonReminders.ts';
import { LetterQueue, type LetterQueueOptions } from './services/letters/letterQueue.ts';
import { createMailer, type Mailer } from './services/letters/mail.ts';
import { createCheckout, type Checkout } from './services/payments/checkout.ts';
import { createPaymentFollowUps, type PaymentFollowUps } from './services/payments/followUps.ts';
import { createPaymentProviders, type PaymentProviders } from './services/payments/providers.ts';
import { PublicCache } from './services/content/publicCache.ts';
import { createTokenService, type TokenService } from './services/accounts/tokens.ts';
import type { RecordingStorage } from './services/recordings/storage.ts';
import { createRecordingStorage } from './services/recordings/storageFromConfig.ts';
import { RecordingJobs, type RecordingJobsOptions } from './services/recordings/processing.ts';
import { RecordingUploads } from './services/recordings/uploads.ts';
import { ViewCounter, type ViewCounterOptions } from './services/stats/viewCounter.ts';

export interface AppDeps {
  config: AppConfig;
  /** The database as opened (its LISTEN connection, its kind); `db` is its query builder. */
  database: Database;
  db: Db;
  log: FastifyBaseLogger;
  /** The public API's answers, kept and invalidated by NOTIFY (services/content/publicCache.ts). */
  publicCache: PublicCache;
  /** The account states of the token checks, kept in memory (authStateCache), and their writes (services/accounts/authStates.ts). */
  authStates: AuthStates;
  authStateCache: AuthStateCache;
  tokens: TokenService;
  /** The transport of letters (SMTP or the outbox folder); only the letter queue's worker sends through it. */
  mailer: Mailer;
  /** The worker of the durable letter queue (services/letters/letterQueue.ts); letters are recorded with queueLetters. */
  letters: LetterQueue;
  /** YooKassa and PayPal, or the test checkout in the place of one without keys (services/payments/providers.ts). */
  providers: PaymentProviders;
  /** Work started without waiting for it (read-backs, the expiry sweep); awaited when the app closes. */
  background: BackgroundTasks;
  /** Where recordings' files are kept: a folder or an S3 bucket (RECORDINGS_STORAGE, services/recordings/storage.ts). */
  recordings: RecordingStorage;

  // The domain services that keep state of their own, made from the above.
  /** Password hashing, link tokens, limits and the clock of the account endpoints. */
  accounts: AccountServices;
  /** Payment creation, with its per-process batches (services/payments/checkout.ts). */
  checkout: Checkout;
  /** Payments in progress read back from their providers and swept when lapsed (services/payments/followUps.ts). */
  paymentFollowUps: PaymentFollowUps;
  /** The tus uploads of lessons' recordings (services/recordings/uploads.ts). */
  recordingUploads: RecordingUploads;
  /** The worker that processes uploaded recordings (services/recordings/processing.ts), started with the letters'. */
  recordingJobs: RecordingJobs;
  /** The Telegram bot (services/telegram/bot.ts), null without TELEGRAM_BOT_TOKEN. */
  telegram: TelegramBot | null;
  /** The worker of the Telegram queue (services/telegram/telegramQueue.ts), started with the letters'; null without a bot. */
  telegramQueue: TelegramQueue | null;
  /** The views of the public pages, counted in memory and written every minute (services/stats/viewCounter.ts). */
  pageViews: ViewCounter;
}

export interface AppDepsOptions {
  /** Replaces the public cache (tests inject a failing one this way). */
  publicCache?: PublicCache;
  /** Replaces the cache of account states (tests count the reads behind it this way). */
  authStateCache?: AuthStateCache;
  /** Replaces the mailer made from the config (tests inject a failing one this way). */
  mailer?: Mailer;
  /** Test-only: a shorter lease, backoff or poll of the letter queue than DEFAULT_LETTER_QUEUE. */
  letterQueue?: Partial<LetterQueueOptions>;
  /** Test-only knobs of the account endpoints: a cheaper scrypt cost, a controllable clock, other limits. */
  accounts?: AccountsOptions;
  /** Test-only: a shorter lease, backoff or poll of the recordings' processing than DEFAULT_RECORDING_JOBS. */
  recordingJobs?: Partial<RecordingJobsOptions>;
  /** Test-only: other pace, backoff or poll of the Telegram queue than DEFAULT_TELEGRAM_QUEUE. */
  telegramQueue?: Partial<TelegramQueueOptions>;
  /** Test-only: another clock, key bound or per-address limit of the view counter than DEFAULT_VIEW_COUNTER. */
  viewCounter?: Partial<ViewCounterOptions>;
}

/** Makes the dependencies; nothing is started or connected here (buildApp does that, and closes them). */
export function createAppDeps(config: AppConfig, database: Database, log: FastifyBaseLogger, options: AppDepsOptions = {}): AppDeps {
  const db = database.db;
  const authStateCache = options.authStateCache ?? new AuthStateCache();
  const publicCache = options.publicCache ?? new PublicCache();
  const mailer = options.mailer ?? createMailer(config, log);
  const letters = new LetterQueue(
    { db, mailer, log, composers: { approval: composeApprovalLetter(config), reminder: composeReminderLetter(config), 'checkout-reminder': composeCheckoutReminder(config) } },
    { leaseMs: config.mailLeaseSeconds * 1000, ...options.letterQueue },
  );
  const providers = createPaymentProviders(config);
  const background = new BackgroundTasks();
  const base = {
    config,
    database,
    db,
    log,
    publicCache,
    authStates: createAuthStates(db, authStateCache),
    authStateCache,
    tokens: createTokenService(config.jwtSecret),
    mailer,
    letters,
    providers,
    background,
    recordings: createRecordingStorage(config.recordings),
  };
  const lease = config.recordingJobLeaseSeconds === null ? {} : { leaseMs: config.recordingJobLeaseSeconds * 1000 };
  const telegram = config.telegram ? new TelegramBot({ db, config, log }, config.telegram) : null;
  const recordingJobs = new RecordingJobs({ ...base, dataDir: config.dataDir }, { ...lease, ...options.recordingJobs });
  return {
    ...base,
    accounts: createAccountServices({ config, db, letters }, options.accounts),
    checkout: createCheckout(base),
    paymentFollowUps: createPaymentFollowUps(base),
    recordingUploads: new RecordingUploads({ ...base, wakeJobs: () => recordingJobs.wake() }),
    recordingJobs,
    telegram,
    telegramQueue: telegram ? new TelegramQueue({ db, log, config, bot: telegram, shared: database.kind === 'postgres' }, options.telegramQueue) : null,
    pageViews: new ViewCounter({ db, log }, options.viewCounter),
  };
}
