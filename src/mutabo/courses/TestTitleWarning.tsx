// A title the catalogue hides (common/catalogue.ts isTestCourse), said where the author types it and beside the
// course's state: «Запись открыта» must not stand alone over a course no visitor can find.
import styled from 'styled-components';
import { isTestCourse } from '../../../common/catalogue.ts';

export const TEST_TITLE_WARNING = 'Такой курс не появится в каталоге: слово «тест» в названии.';
const TEST_TITLE_EXPLANATION =
  'Так помечают пробные курсы: их нет в каталоге, в «Других курсах», в библиотеке и в расписании, а страница открывается только по прямой ссылке. Если курс настоящий, уберите из названия слово, которое начинается с «тест».';

const Warning = styled.div<{ $underField: boolean }>`
  margin: ${({ theme, $underField }) => ($underField ? `-${theme.space(2)}` : '0')} 0 ${({ theme }) => theme.space(4)};
  padding: ${({ theme }) => `${theme.space(2)} ${theme.space(3)}`};
  border-left: 4px solid ${({ theme }) => theme.colors.accent};
  background: ${({ theme }) => theme.colors.paper};

  p {
    margin: 0;
  }

  p + p {
    margin-top: ${({ theme }) => theme.space(1)};
    color: ${({ theme }) => theme.colors.muted};
    font-size: ${({ theme }) => theme.fonts.sizes.small};
  }
`;

/**
 * Nothing for a title the catalogue lists; a live region, so the warning is heard as the word is typed. `underField`:
 * tucked under the title field, as the form's hints are.
 */
export function TestTitleWarning({ title, underField = false }: { title: string; underField?: boolean }) {
  return (
    <div role="status">
      {isTestCourse(title) ? (
        <Warning $underField={underField}>
          <p>
            <strong>{TEST_TITLE_WARNING}</strong>
          </p>
          <p>{TEST_TITLE_EXPLANATION}</p>
        </Warning>
      ) : null}
    </div>
  );
}
