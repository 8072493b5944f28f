// The generic error screen of spec section 8: shown when a page's data fails to load or a route breaks.
import styled from 'styled-components';
import { Button } from './Button.ts';
import { usePageTitle } from './usePageTitle.ts';

export const GENERIC_ERROR_TEXT = 'Упс... что-то пошло не так';

const Wrap = styled.section`
  max-width: ${({ theme }) => theme.widths.text}px;
  margin: 0 auto;
  padding: ${({ theme }) => theme.space(12)} ${({ theme }) => theme.space(4)};
  text-align: center;
`;

export function ErrorScreen() {
  usePageTitle('Ошибка');
  return (
    <Wrap role="alert">
      <h1>{GENERIC_ERROR_TEXT}</h1>
      <p>Попробуйте перезагрузить страницу. Если ошибка повторится, зайдите чуть позже.</p>
      <Button onClick={() => window.location.reload()}>Перезагрузить</Button>
    </Wrap>
  );
}
