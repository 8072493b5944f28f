// The about page: the project, its authors from their records under their anchors, how lessons work, discounts
// (spec section 2, "About page").
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { paths } from '../app/paths.ts';
import { ErrorScreen } from '../components/ErrorScreen.tsx';
import { Loader } from '../components/Loader.tsx';
import { PageContainer } from '../components/PageContainer.ts';
import { PageTitle } from '../components/PageTitle.tsx';
import { AuthorSection } from '../features/about/AuthorSection.tsx';
import { useSiteAuthors, type SiteAuthor } from '../features/authors/siteAuthors.ts';
import {
  aboutIntro,
  aboutTitle,
  discountNote,
  discountTitle,
  howLessonsWork,
  howLessonsWorkTitle,
} from '../features/about/aboutContent.ts';

const Lead = styled.div`
  max-width: ${({ theme }) => theme.widths.text + 120}px;
  font-size: ${({ theme }) => theme.fonts.sizes.lead};
`;

const Block = styled.section`
  padding-top: ${({ theme }) => theme.space(8)};
  border-top: 1px solid ${({ theme }) => theme.colors.border};

  & > p,
  & > ul {
    max-width: ${({ theme }) => theme.widths.text + 120}px;
  }
`;

const Authors = styled.section`
  margin-top: ${({ theme }) => theme.space(10)};
`;

const MailList = styled.ul`
  margin: 0;
  padding-left: ${({ theme }) => theme.space(5)};

  li + li {
    margin-top: ${({ theme }) => theme.space(1)};
  }
`;

// Keeps the footer below the fold until the authors arrive: no layout shift when they do.
const LoadingArea = styled.div`
  min-height: 100vh;
`;

const DISCOUNT_SUBJECT = 'Скидка на курс';

const mailto = (email: string) => `mailto:${email}?subject=${encodeURIComponent(DISCOUNT_SUBJECT)}`;

export function AboutPage() {
  const { authors, failed } = useSiteAuthors();
  if (failed) return <ErrorScreen />;
  return (
    <PageContainer>
      <PageTitle>{aboutTitle}</PageTitle>
      <Lead>
        {aboutIntro.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </Lead>
      {authors ? (
        <AboutSections authors={authors} />
      ) : (
        <LoadingArea>
          <Loader label="Загружаем рассказ об авторах" />
        </LoadingArea>
      )}
    </PageContainer>
  );
}

function AboutSections({ authors }: { authors: SiteAuthor[] }) {
  const reachable = authors.filter((author) => author.email !== '');
  return (
    <>
      {authors.length > 0 ? (
        <Authors aria-labelledby="about-authors">
          <h2 id="about-authors">Авторы</h2>
          {authors.map((author) => (
            <AuthorSection key={author.id} author={author} />
          ))}
        </Authors>
      ) : null}

      <Block aria-labelledby="about-lessons">
        <h2 id="about-lessons">{howLessonsWorkTitle}</h2>
        {howLessonsWork.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
        <p>
          <Link to={paths.timetable}>Расписание текущих занятий</Link> · <Link to={paths.library}>Библиотека</Link>
        </p>
      </Block>

      <Block aria-labelledby="about-discounts">
        <h2 id="about-discounts">{discountTitle}</h2>
        <p>{discountNote}</p>
        {reachable.length > 0 ? (
          <MailList>
            {reachable.map((author) => (
              <li key={author.id}>
                {author.name}: <a href={mailto(author.email)}>{author.email}</a>
              </li>
            ))}
          </MailList>
        ) : null}
      </Block>
    </>
  );
}
