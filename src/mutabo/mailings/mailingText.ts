// How the area words a mailing's state and progress.
import type { MailingAudienceCounts, MutaboMailingSummary } from '../../../common/mutabo/mailings.ts';

export const MAILING_STATE_LABELS: Record<MutaboMailingSummary['state'], string> = {
  sending: 'Идёт отправка',
  done: 'Отправка завершена',
};

/** «Отправлено 12 из 20, не доставлено 1». */
export function progressText(mailing: Pick<MutaboMailingSummary, 'total' | 'sent' | 'failed'>): string {
  const sent = `Отправлено ${mailing.sent} из ${mailing.total}`;
  return mailing.failed > 0 ? `${sent}, не доставлено ${mailing.failed}` : sent;
}

/** «в Telegram — 3, по почте — 10»: how an audience gets the news (a person who chose both is in both). */
export function channelsText(channels: MailingAudienceCounts['channels']['subscribers']): string {
  return `в Telegram — ${channels.telegram}, по почте — ${channels.email}`;
}
