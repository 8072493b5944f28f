// A new author's first steps on the summary (issue 32, item 7): their page's text and photo (the site lists them on
// /about and in the header only with both), the seller's details, a first course. Shown while any is left, each step
// linking to where it is done and saying when it is.
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import type { MutaboFirstSteps } from '../../../common/mutabo/start.ts';
import { VisuallyHidden } from '../../components/VisuallyHidden.ts';
import { areaPaths } from '../areaPaths.ts';
import { Muted, Panel } from '../shell/areaParts.ts';
import { useResource } from '../../data/useResource.ts';
import { areaResources } from '../areaResources.ts';

const STEPS: { key: keyof MutaboFirstSteps; label: string; to: string }[] = [
  { key: 'pageText', label: 'Напишите о себе на странице автора', to: areaPaths.authorPage },
  { key: 'photo', label: 'Добавьте фотографию на страницу автора', to: areaPaths.authorPage },
  { key: 'seller', label: 'Заполните реквизиты продавца', to: areaPaths.seller },
  { key: 'course', label: 'Создайте первый курс', to: areaPaths.newCourse },
];

const Steps = styled.ol`
  margin: 0 0 ${({ theme }) => theme.space(3)};
  padding-left: ${({ theme }) => theme.space(6)};

  li {
    padding: ${({ theme }) => theme.space(1)} 0;
  }
`;

const Done = styled.span`
  color: ${({ theme }) => theme.colors.muted};
  text-decoration: line-through;
`;

export function FirstSteps() {
  const steps = useResource(areaResources.firstSteps);
  const done = steps.data;
  if (!done || STEPS.every((step) => done[step.key])) return null;
  return (
    <Panel aria-labelledby="start-first-steps">
      <h2 id="start-first-steps">Первые шаги</h2>
      <Steps>
        {STEPS.map((step) => (
          <li key={step.key}>
            {done[step.key] ? (
              <Done>
                <span aria-hidden="true">✓ </span>
                {step.label}
                <VisuallyHidden> — сделано</VisuallyHidden>
              </Done>
            ) : (
              <Link to={step.to}>{step.label}</Link>
            )}
          </li>
        ))}
      </Steps>
      {!done.pageText || !done.photo ? (
        <Muted>Пока на вашей странице нет текста о себе и фотографии, сайт не показывает вас среди авторов: на странице «О проекте» и в шапке.</Muted>
      ) : null}
    </Panel>
  );
}
