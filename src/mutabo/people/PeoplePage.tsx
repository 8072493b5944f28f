// «Люди»: every account of the site, found by a part of the name or the e-mail (the server searches), newest first;
// a person's card answers their written request about their data. Below, the history of those requests.
import { Link } from 'react-router-dom';
import { PageTitle } from '../../components/PageTitle.tsx';
import { areaPaths } from '../areaPaths.ts';
import { SharedHistory } from '../content/SharedHistory.tsx';
import { areaResources } from '../areaResources.ts';
import { PagedList, RowFacts } from '../content/PagedList.tsx';
import { formatDateTime } from '../shell/timeText.ts';
import { personName } from './peopleText.ts';

export function PeoplePage() {
  return (
    <section>
      <PageTitle>Люди</PageTitle>
      <p>
        Найдите человека, чтобы посмотреть, что сайт о нём хранит, и ответить на его письменный запрос: выгрузить его данные или
        удалить их.
      </p>
      <PagedList
        name="Люди"
        searchLabel="Имя, фамилия или почта"
        resource={areaResources.people}
        empty="На сайте пока никто не зарегистрирован."
        rowKey={(person) => person.id}
        renderRow={(person) => (
          <>
            <Link to={areaPaths.person(person.id)}>{personName(person)}</Link>
            <RowFacts>
              {person.email} · зарегистрирован(а) {formatDateTime(person.registeredAt)} · {person.confirmed ? 'почта подтверждена' : 'почта не подтверждена'}
              {person.isAuthor ? ' · автор' : ''}
            </RowFacts>
          </>
        )}
      />
      <SharedHistory entity="person" version={0} />
    </section>
  );
}
