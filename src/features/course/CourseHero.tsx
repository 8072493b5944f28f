// The top of the course page: title, subtitle, the authors with their photos, the picture and the key facts.
import styled from 'styled-components';
import { OG_IMAGE_SIZE } from '../../../common/pageMeta.ts';
import type { CourseDetails } from '../../../common/wireTypes.ts';
import { authorFullName, courseByAuthors } from '../../lib/courseFacts.ts';
import { CourseFacts } from './CourseFacts.tsx';

/** The generated course pictures have the size of a link preview, as the server's boot frame lays them out too. */
const { width: IMAGE_WIDTH, height: IMAGE_HEIGHT } = OG_IMAGE_SIZE;
const PHOTO_SIZE = 56;

const Hero = styled.header`
  display: grid;
  gap: ${({ theme }) => theme.space(6)};
  margin-bottom: ${({ theme }) => theme.space(10)};

  ${({ theme }) => theme.media.desktop} {
    grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
    align-items: center;
    gap: ${({ theme }) => theme.space(8)} ${({ theme }) => theme.space(10)};
  }
`;

const Text = styled.div`
  h1 {
    margin-bottom: ${({ theme }) => theme.space(3)};
  }
`;

const Subtitle = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(5)};
  font-size: ${({ theme }) => theme.fonts.sizes.lead};
  color: ${({ theme }) => theme.colors.muted};
  line-height: 1.5;
`;

const Authors = styled.div`
  display: flex;
  align-items: center;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(3)};
`;

const Photos = styled.span`
  display: inline-flex;

  img + img {
    margin-left: -${PHOTO_SIZE / 4}px;
  }
`;

const Photo = styled.img`
  width: ${PHOTO_SIZE}px;
  height: ${PHOTO_SIZE}px;
  border-radius: 50%;
  object-fit: cover;
  border: 2px solid ${({ theme }) => theme.colors.surface};
  background: ${({ theme }) => theme.colors.paper};
`;

const FactsRow = styled.div`
  grid-column: 1 / -1;
`;

const ByLine = styled.p`
  margin: 0;
  font-weight: 600;
`;

// On phones the picture comes first, above the title; the reading order stays title first.
const Picture = styled.img`
  display: block;
  width: 100%;
  height: auto;
  aspect-ratio: ${IMAGE_WIDTH} / ${IMAGE_HEIGHT};
  object-fit: cover;
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.paper};
  order: -1;

  ${({ theme }) => theme.media.desktop} {
    order: 0;
  }
`;

export function CourseHero({ course }: { course: CourseDetails }) {
  const byLine = courseByAuthors(course.authors);
  const photos = course.authors.filter((author) => author.photo);
  return (
    <Hero>
      <Text>
        <h1>{course.title}</h1>
        {course.subtitle ? <Subtitle>{course.subtitle}</Subtitle> : null}
        {byLine ? (
          <Authors>
            {photos.length > 0 ? (
              <Photos>
                {photos.map((author) => (
                  <Photo
                    key={author.id}
                    src={author.photo}
                    alt={`Фото: ${authorFullName(author)}`}
                    width={PHOTO_SIZE}
                    height={PHOTO_SIZE}
                  />
                ))}
              </Photos>
            ) : null}
            <ByLine>{byLine}</ByLine>
          </Authors>
        ) : null}
      </Text>
      {course.image ? (
        <Picture
          src={course.image}
          alt={`Иллюстрация к курсу «${course.title}»`}
          width={IMAGE_WIDTH}
          height={IMAGE_HEIGHT}
          fetchPriority="high"
        />
      ) : null}
      <FactsRow>
        <CourseFacts course={course} />
      </FactsRow>
    </Hero>
  );
}
