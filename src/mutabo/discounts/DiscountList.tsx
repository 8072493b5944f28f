// The active personal discounts as a table, each revoked after a confirmation: a course's on its «Скидки» tab (whom
// each is for) and a person's on their card in «Люди» (the course each is on, linked to that course's tab).
import { Link } from 'react-router-dom';
import { discountText, type MutaboDiscount } from '../../../common/discounts.ts';
import { areaPaths } from '../areaPaths.ts';
import { Muted } from '../shell/areaParts.ts';
import { Badge, CellNote, DataTable, Td, Th, Tr } from '../shell/DataTable.tsx';
import { revokeDiscount } from './discountsApi.ts';
import { discountDay, usedText } from './discountWords.ts';
import { useRevocation } from './useRevocation.tsx';

const REVOKE_DISCOUNT_LABEL = 'Отменить скидку';

export const courseTitle = (title: string) => title || 'Курс без названия';

/** «Соколова Екатерина», or that the address has no account yet. */
const personText = (discount: MutaboDiscount) =>
  discount.person ? [discount.person.lastName, discount.person.firstName].filter(Boolean).join(' ') || discount.email : 'ещё не зарегистрирован(а)';

const onCourse = (discount: MutaboDiscount) => `на курс «${courseTitle(discount.course.title)}»`;

/** What tells one course's discounts apart (whom each is for) and one person's (the course). */
const VIEWS = {
  course: {
    first: 'Кому',
    cell: (discount: MutaboDiscount) => (
      <>
        {personText(discount)}
        <CellNote>{discount.email}</CellNote>
      </>
    ),
    used: 'Применение',
    empty: 'Скидок участникам на этом курсе нет.',
    table: undefined,
    named: (discount: MutaboDiscount) => `для ${discount.email}`,
    where: () => '',
  },
  person: {
    first: 'Курс',
    cell: (discount: MutaboDiscount) => <Link to={areaPaths.courseDiscounts(discount.course.id)}>{courseTitle(discount.course.title)}</Link>,
    used: 'Применение',
    empty: 'Скидок на ваши курсы у этого человека нет.',
    table: 'Скидки человека',
    named: onCourse,
    where: (discount: MutaboDiscount) => ` ${onCourse(discount)}`,
  },
};

interface DiscountListProps {
  discounts: readonly MutaboDiscount[];
  /** Whose discounts: one course's, or one person's on the caller's courses. */
  of: keyof typeof VIEWS;
  /** Reads the list again after a revocation, whatever the server answered. */
  reload: () => Promise<unknown>;
  /** A discount the server revoked, before the list is read again. */
  onRevoked?: (discount: MutaboDiscount) => void;
}

export function DiscountList({ discounts, of, reload, onRevoked }: DiscountListProps) {
  const view = VIEWS[of];
  const revocation = useRevocation<MutaboDiscount>({
    reload,
    label: REVOKE_DISCOUNT_LABEL,
    title: () => 'Отменить скидку?',
    message: (discount) => (
      <p>
        Скидка {discountText(discount)}
        {view.where(discount)} для {discount.email} перестанет действовать. Уже оплаченные со скидкой платежи не изменятся.
      </p>
    ),
    revoke: async (discount) => {
      await revokeDiscount(discount.id);
      onRevoked?.(discount);
      return `Скидка ${view.named(discount)} отменена.`;
    },
  });

  return (
    <>
      {revocation.outcome}
      {discounts.length === 0 ? (
        <Muted>{view.empty}</Muted>
      ) : (
        <DataTable $stackBelow="desktop" aria-label={view.table}>
          <thead>
            <Tr>
              <Th>{view.first}</Th>
              <Th>Скидка</Th>
              <Th>Срок</Th>
              <Th>{view.used}</Th>
              <Th>Действия</Th>
            </Tr>
          </thead>
          <tbody>
            {discounts.map((discount) => (
              <Tr key={discount.id}>
                <Td label={view.first}>{view.cell(discount)}</Td>
                <Td label="Скидка">
                  <strong>{discountText(discount)}</strong>
                  {discount.note ? <CellNote>{discount.note}</CellNote> : null}
                </Td>
                <Td label="Срок">
                  {discount.expiresAt ? `до ${discountDay(discount.expiresAt)} включительно` : 'без срока'}
                  {discount.expired ? (
                    <CellNote>
                      <Badge $tone="attention">срок истёк</Badge>
                    </CellNote>
                  ) : null}
                </Td>
                <Td label={view.used}>{usedText(discount.used)}</Td>
                <Td label="Действия">{revocation.button(discount, `${REVOKE_DISCOUNT_LABEL} ${view.named(discount)}`)}</Td>
              </Tr>
            ))}
          </tbody>
        </DataTable>
      )}
      {revocation.dialog}
    </>
  );
}
