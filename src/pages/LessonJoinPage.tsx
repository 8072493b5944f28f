// A lesson's join link /lessons/{id}/join (issue 35): every «Войти в комнату» on the site leads here. A logged-in
// person is checked by the server (POST /api/v1/lessons/{id}/join/), which records the first join and answers the
// room's address; the page then leaves for the room. A refusal says why in Russian (common/attendance.ts), a guest is
// asked to log in and comes back here. A personal link with `?t=` is answered by the server before the site.
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router-dom';
import styled, { keyframes } from 'styled-components';
import { request } from '../api/client.ts';
import { isRequestError } from '../api/requestError.ts';
import { useAppSelector } from '../app/hooks.ts';
import { leaveSite } from '../app/navigation.ts';
import { paths } from '../app/paths.ts';
import { ButtonLink } from '../components/Button.ts';
import { PageContainer } from '../components/PageContainer.ts';
import { PageTitle } from '../components/PageTitle.tsx';
import { selectIsLoggedIn } from '../features/session/selectors.ts';
import { joinApiPath, joinRefusals, type JoinAnswer, type JoinRefusal } from '../../common/attendance.ts';
import { isSitePath } from '../../common/sitePaths.ts';

/** What the page shows: the call under way, or why the room does not open. */
type JoinState = { kind: 'opening' } | { kind: 'refused'; title: string; text: string; course: number | null };

const REFUSALS = new Set(Object.keys(joinRefusals));
const isRefusal = (value: unknown): value is JoinRefusal => typeof value === 'string' && REFUSALS.has(value);

const Lead = styled.p`
  font-size: ${({ theme }) => theme.fonts.sizes.lead};
`;

const Links = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(6)};
  margin: ${({ theme }) => theme.space(6)} 0 0;
  padding: 0;
  list-style: none;

  a {
    display: inline-flex;
    align-items: center;
    min-height: 44px;
  }
`;

const Opening = styled.p`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
`;

const spin = keyframes`
  to { transform: rotate(360deg); }
`;

const Dot = styled.span`
  flex: none;
  width: 20px;
  height: 20px;
  border-radius: 50%;
  border: 3px solid ${({ theme }) => theme.colors.border};
  border-top-color: ${({ theme }) => theme.colors.primary};
  animation: ${spin} 0.9s linear infinite;

  ${({ theme }) => theme.media.reducedMotion} {
    animation: none;
  }
`;

/** The refusal's heading and text from the server's answer: its `reason` when the site knows it, else its `detail`. */
function refusalOf(caught: unknown): JoinState {
  if (!isRequestError(caught)) throw caught;
  const { reason, course, detail } = caught.byFields;
  const known = isRefusal(reason) ? joinRefusals[reason] : null;
  const courseId = Number(course);
  return {
    kind: 'refused',
    title: known?.title ?? 'Не удалось открыть комнату',
    text: known?.text ?? detail ?? caught.message,
    course: Number.isInteger(courseId) && courseId > 0 ? courseId : null,
  };
}

function useJoin(lessonId: number | null, loggedIn: boolean): JoinState {
  const [state, setState] = useState<JoinState>({ kind: 'opening' });
  // One POST per lesson shown, even when React runs the effect twice.
  const asked = useRef<number | null>(null);
  useEffect(() => {
    if (!loggedIn || lessonId === null || asked.current === lessonId) return;
    asked.current = lessonId;
    setState({ kind: 'opening' });
    request<JoinAnswer>(joinApiPath(lessonId), { method: 'POST' }).then(
      ({ url }) => {
        // The room is elsewhere (https) or, in tests and development, a path of this site.
        if (typeof url === 'string' && (/^https?:\/\//i.test(url) || isSitePath(url))) leaveSite(url);
        else setState({ kind: 'refused', ...joinRefusals.noRoom, course: null });
      },
      (caught: unknown) => {
        // A 401 has ended the session: the page turns to the login prompt by itself.
        if (isRequestError(caught) && caught.statusCode === 401) {
          asked.current = null;
          return;
        }
        setState(refusalOf(caught));
      },
    );
  }, [lessonId, loggedIn]);
  return state;
}

export function LessonJoinPage() {
  const { id } = useParams();
  const lessonId = id !== undefined && /^\d{1,9}$/.test(id) ? Number(id) : null;
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const location = useLocation();
  const state = useJoin(lessonId, loggedIn);

  if (!loggedIn) {
    return (
      <PageContainer $width="form">
        <PageTitle>Вход на занятие</PageTitle>
        <Lead>Войдите, чтобы попасть на занятие.</Lead>
        <p>После входа вы вернётесь сюда, и комната занятия откроется.</p>
        <Links>
          <li>
            <ButtonLink to={paths.login} state={{ from: `${location.pathname}${location.search}` }}>
              Войти на сайт
            </ButtonLink>
          </li>
        </Links>
      </PageContainer>
    );
  }

  const shown: JoinState = lessonId === null ? { kind: 'refused', ...joinRefusals.notFound, course: null } : state;
  // One live region holds the opening line and then, in its place, why the room does not open: a screen reader hears
  // both, and the heading names the outcome.
  return (
    <PageContainer $width="form">
      <PageTitle>{shown.kind === 'refused' ? shown.title : 'Вход на занятие'}</PageTitle>
      <div role="status" aria-live="polite">
        {shown.kind === 'refused' ? (
          <Lead>{shown.text}</Lead>
        ) : (
          <Opening>
            <Dot aria-hidden="true" />
            Открываем комнату занятия…
          </Opening>
        )}
      </div>
      {shown.kind === 'refused' ? (
        <Links aria-label="Куда перейти">
          <li>
            <Link to={paths.accountCourses}>Мои курсы</Link>
          </li>
          <li>
            {shown.course === null ? <Link to={paths.home}>Все курсы</Link> : <Link to={paths.course(shown.course)}>Страница курса</Link>}
          </li>
        </Links>
      ) : null}
    </PageContainer>
  );
}
