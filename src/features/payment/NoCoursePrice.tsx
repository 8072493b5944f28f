// «Нет цены курса»: what the panel says of a course that has no price (spec section 5).
import styled from 'styled-components';
import { NO_COURSE_PRICE } from '../../lib/coursePanelRules.ts';

const Text = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(4)};
  color: ${({ theme }) => theme.colors.muted};
`;

export function NoCoursePrice() {
  return <Text>{NO_COURSE_PRICE}</Text>;
}
