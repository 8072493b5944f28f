// The frame of every page: header, the sections' navigation, the bar of a lesson about to start (signed in only),
// main content (the matched route), footer.
import { lazy, Suspense } from 'react';
import { matchRoutes, Outlet, useLocation, type RouteObject } from 'react-router-dom';
import styled from 'styled-components';
import { useAppSelector } from '../../app/hooks.ts';
import { paths } from '../../app/paths.ts';
import { selectIsLoggedIn } from '../session/index.ts';
import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';
import { Loader } from '../../components/Loader.tsx';
import { ScrollToTop } from '../../components/ScrollToTop.tsx';
import { SectionNav } from '../../components/SectionNav.tsx';
import { MAIN_CONTENT_ID, SkipLink } from '../../components/SkipLink.tsx';

// A chunk of its own: the first load of a guest does not carry it (npm run size).
const UpcomingLessonBar = lazy(() => import('../myCourses/UpcomingLessonBar.tsx'));

const Main = styled.main`
  flex: 1 0 auto;
  width: 100%;
  /* keeps the footer below the fold while a lazy page loads, so it does not jump (layout shift) */
  min-height: 100vh;
  padding: ${({ theme }) => theme.space(8)} ${({ theme }) => theme.space(4)} 0;

  ${({ theme }) => theme.media.tablet} {
    padding-inline: ${({ theme }) => theme.space(6)};
  }

  &:focus {
    outline: none;
  }
`;

/** `simpleHeaderRoutes`: the routes whose pages have the simple header (the login and sign-up pages). */
export function Layout({ simpleHeaderRoutes = [] }: { simpleHeaderRoutes?: RouteObject[] }) {
  const location = useLocation();
  const simpleHeader = matchRoutes(simpleHeaderRoutes, location) !== null;
  const loggedIn = useAppSelector(selectIsLoggedIn);
  // «Мои курсы» puts the lesson first itself.
  const showBar = loggedIn && location.pathname !== paths.accountCourses;
  return (
    <>
      <ScrollToTop />
      <SkipLink />
      <Header simple={simpleHeader} />
      <SectionNav />
      {showBar ? (
        <Suspense fallback={null}>
          <UpcomingLessonBar />
        </Suspense>
      ) : null}
      <Main id={MAIN_CONTENT_ID} tabIndex={-1}>
        <Suspense fallback={<Loader />}>
          <Outlet />
        </Suspense>
      </Main>
      <Footer />
    </>
  );
}
