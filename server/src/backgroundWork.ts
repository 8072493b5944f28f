// The work a server process does besides answering requests, started in one place from AppDeps and stopped with one
// call: the page views' flush every minute (in every app), the letter queue's worker (in every app: a letter recorded by a request is sent by whichever process claims
// it), and, in the server process (main.ts; tests start them only when they ask), the five periodic sweeps: lapsed
// payment holds, lesson reminders, checkout reminders, settlement receipts and the homework digest. Each sweep is safe to run in every
// process at once (each row is claimed or queued once).
import type { AppDeps } from './appDeps.ts';
import { startCheckoutReminderSweep } from './services/payments/checkoutReminders.ts';
import { settlementsWanted, startSettlementSweep } from './services/payments/settlements.ts';
import { startReminderSweep } from './services/schedule/lessonReminders.ts';
import { startHomeworkDigestSweep } from './services/homework/digest.ts';

export interface SweepOptions {
  /** How often each sweep runs; a minute in production. */
  intervalMs: number;
}

export const PRODUCTION_SWEEPS: SweepOptions = { intervalMs: 60_000 };

export interface BackgroundWork {
  /** Stops the sweeps (a run under way finishes), then waits for the work started without waiting, then the letter worker, then closes the mailer. */
  stop(): Promise<void>;
}

export async function startBackgroundWork(deps: AppDeps, sweeps: SweepOptions | null): Promise<BackgroundWork> {
  const { config, db, log } = deps;
  await deps.letters.start(deps.database);
  // Uploaded recordings are processed by whichever process claims them first (services/recordings/processing.ts).
  await deps.recordingJobs.start(deps.database);
  // Telegram messages are sent by whichever process claims them first (services/telegram/telegramQueue.ts).
  await deps.telegramQueue?.start(deps.database);
  // The page views counted in memory are written every minute, and once more when the app closes.
  deps.pageViews.start();
  const sweepStops: (() => Promise<void>)[] = [];
  if (sweeps) {
    const { intervalMs } = sweeps;
    // Holds lapse without any notification: released every interval (and lazily on the payer's next request).
    sweepStops.push(deps.paymentFollowUps.startExpirySweep(intervalMs));
    // Reminders 24 hours and 1 hour before each lesson: queued by whichever process sweeps first, each once.
    sweepStops.push(startReminderSweep(deps, intervalMs));
    // One reminder of a checkout left cancelled or expired, CHECKOUT_REMINDER_HOURS after it (0: none).
    sweepStops.push(startCheckoutReminderSweep({ db, log, hours: config.checkoutReminderHours }, intervalMs));
    // The authors' daily digest of new homework answers, at 09:00 in Moscow: one letter per author and day, whichever process sweeps first.
    sweepStops.push(startHomeworkDigestSweep({ db, log, config }, intervalMs));
    // The Telegram bot's webhook is (re)set, or on a developer's machine its long polling started (services/telegram/bot.ts).
    if (deps.telegram) await deps.telegram.start();
    // Settlement receipts of prepaid lessons once given (RECEIPTS=yookassa; payments made with full_prepayment).
    if (settlementsWanted(config.yookassa?.receipts)) {
      sweepStops.push(startSettlementSweep({ db, log, provider: deps.providers.bySystem.yookassa }, intervalMs));
    }
  }
  let stopping: Promise<void> | null = null;
  return {
    stop() {
      stopping ??= (async () => {
        await Promise.all(sweepStops.map((stop) => stop()));
        await deps.pageViews.stop();
        await deps.telegram?.stop();
        // What the read-backs still under way record is sent by this worker; the letters claimed are sent before the mailer closes.
        await deps.background.settled();
        await deps.recordingJobs.close();
        await deps.telegramQueue?.close();
        await deps.letters.close();
        await deps.mailer.close();
      })();
      return stopping;
    },
  };
}
