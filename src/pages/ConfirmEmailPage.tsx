// The link of the letter sent to a new e-mail address: posts its parameters once on opening, then tells the result.
// Logged in or not: the link alone proves the address, and the account's cached user and profile are refreshed.
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import * as api from '../api/endpoints.ts';
import type { EmailConfirmationPayload } from '../../common/wireTypes.ts';
import { asRequestError } from '../api/requestError.ts';
import { useAppDispatch } from '../app/hooks.ts';
import { paths } from '../app/paths.ts';
import { FormErrorBlock } from '../components/form/fields.tsx';
import { Notice } from '../components/form/FormLayout.ts';
import { Loader } from '../components/Loader.tsx';
import { PageContainer } from '../components/PageContainer.ts';
import { PageTitle } from '../components/PageTitle.tsx';
import { resourcesInvalidated } from '../data/cache.ts';

type Result = { status: 'loading' } | { status: 'success' } | { status: 'failure'; message: string };

/** A link works once: it is posted once per visit, and opening the page again (or strict mode) shows that answer. */
const answers = new Map<string, Promise<Result>>();

function confirmOnce(payload: EmailConfirmationPayload): Promise<Result> {
  const key = `${payload.uidb64}/${payload.address}/${payload.token}`;
  let answer = answers.get(key);
  if (!answer) {
    answer = api.confirmEmail(payload).then(
      (): Result => ({ status: 'success' }),
      (error: unknown): Result => {
        const failure = asRequestError(error);
        return { status: 'failure', message: failure.byFields.nonFieldErrors ?? failure.message };
      },
    );
    answers.set(key, answer);
  }
  return answer;
}

export function ConfirmEmailPage() {
  const dispatch = useAppDispatch();
  const { uidb64 = '', address = '', token = '' } = useParams();
  const [result, setResult] = useState<Result>({ status: 'loading' });

  useEffect(() => {
    let shown = true;
    void confirmOnce({ uidb64, address, token }).then((answer) => {
      if (answer.status === 'success') dispatch(resourcesInvalidated(['me', 'disciple']));
      if (shown) setResult(answer);
    });
    return () => {
      shown = false;
    };
  }, [dispatch, uidb64, address, token]);

  return (
    <PageContainer $width="form">
      <PageTitle documentTitle="Подтверждение адреса электронной почты">ПОДТВЕРЖДЕНИЕ АДРЕСА</PageTitle>
      {result.status === 'success' ? (
        <Notice role="status">
          <p>Адрес электронной почты изменён. Теперь входите на сайт с новым адресом.</p>
          <p>
            <Link to={paths.profile}>Перейти в личный кабинет</Link>
          </p>
        </Notice>
      ) : result.status === 'failure' ? (
        <>
          <FormErrorBlock>{result.message}</FormErrorBlock>
          <p>
            <Link to={paths.profileEditor}>Сменить адрес в профиле</Link>
          </p>
        </>
      ) : (
        <Loader label="Подтверждаем адрес" />
      )}
    </PageContainer>
  );
}
