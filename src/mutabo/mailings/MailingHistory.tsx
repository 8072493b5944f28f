// The course's mailings, newest first: subject (leading to the mailing's progress), when, to whom, by whom, progress.
import { Link } from 'react-router-dom';
import { MAILING_AUDIENCE_LABELS, type MutaboMailingSummary } from '../../../common/mutabo/mailings.ts';
import { areaPaths } from '../areaPaths.ts';
import { Row, RowFacts, RowList } from '../content/PagedList.tsx';
import { Muted } from '../shell/areaParts.ts';
import { formatDateTime } from '../shell/timeText.ts';
import { MAILING_STATE_LABELS, progressText } from './mailingText.ts';

export function MailingHistory({ courseId, mailings }: { courseId: number; mailings: MutaboMailingSummary[] }) {
  if (mailings.length === 0) return <Muted>Рассылок по этому курсу ещё не было.</Muted>;
  return (
    <RowList aria-label="Рассылки курса">
      {mailings.map((mailing) => (
        <Row key={mailing.id}>
          <Link to={areaPaths.mailing(courseId, mailing.id)}>{mailing.subject}</Link>
          <RowFacts>
            {formatDateTime(mailing.createdAt)} · {MAILING_AUDIENCE_LABELS[mailing.to]} · {mailing.author.firstName} {mailing.author.lastName}
          </RowFacts>
          <RowFacts>
            {MAILING_STATE_LABELS[mailing.state]}: {progressText(mailing).toLowerCase()}
          </RowFacts>
        </Row>
      ))}
    </RowList>
  );
}
