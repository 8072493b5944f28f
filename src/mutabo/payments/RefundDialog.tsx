// Giving money back for a payment: all its lessons not refunded yet, or chosen ones; the confirmation says how much
// (the share rule of common/paymentAmount.ts) before the server asks the provider. A payment of 0 ₽ (a 100 %
// discount) has its places released the same way, at once and without money.
import { useId, useState } from 'react';
import styled from 'styled-components';
import { formatMoney } from '../../../common/coursePrices.ts';
import type { MutaboPayment } from '../../../common/mutabo/payments.ts';
import { refundAmount } from '../../../common/paymentAmount.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { FieldError } from '../../components/form/fields.tsx';
import { ChoiceList, toggled } from '../shell/ChoiceList.ts';
import { personName } from './paymentText.ts';

const Lessons = styled(ChoiceList)`
  margin-left: ${({ theme }) => theme.space(7)};
`;

export type RefundChoice = { lessons?: number[] };

/** The action on a paid payment of 0 ₽. */
export const RELEASE_LABEL = 'Освободить места';

interface RefundDialogProps {
  payment: MutaboPayment;
  busy: boolean;
  onConfirm: (body: RefundChoice, amount: number) => void;
  onClose: () => void;
}

export function RefundDialog({ payment, busy, onConfirm, onClose }: RefundDialogProps) {
  const open = payment.lessons.filter((lesson) => !lesson.refunded);
  const [whole, setWhole] = useState(true);
  const [chosen, setChosen] = useState<number[]>([]);
  const lessonsId = useId();
  const picked = whole ? open.map((lesson) => lesson.id) : chosen;
  const completes = picked.length === open.length;
  const amount = picked.length === 0 ? 0 : refundAmount(payment.amount, payment.lessons.length, picked.length, payment.refundable, completes);
  const money = formatMoney(amount, payment.currency);

  const toggle = (id: number, on: boolean) => setChosen((current) => toggled(current, id, on));
  const free = payment.amount === 0;

  return (
    <ConfirmDialog
      open
      title={free ? 'Освободить места?' : 'Вернуть деньги?'}
      message={
        <>
          <p>
            Платёж № {payment.id}: {personName(payment.payer)}, {formatMoney(payment.amount, payment.currency)}
            {payment.refunded > 0 ? `, уже возвращено ${formatMoney(payment.refunded, payment.currency)}` : ''}.
          </p>
          {open.length > 1 ? (
            <ChoiceList>
              <legend>{free ? 'Что освободить' : 'Что вернуть'}</legend>
              <label>
                <input type="radio" name="refund-scope" checked={whole} onChange={() => setWhole(true)} />
                <span>{free ? 'Все занятия платежа' : 'Всё, что ещё не возвращено'}</span>
              </label>
              <label>
                <input type="radio" name="refund-scope" checked={!whole} aria-controls={lessonsId} onChange={() => setWhole(false)} />
                <span>{free ? 'Выбранные занятия' : 'Деньги за выбранные занятия'}</span>
              </label>
            </ChoiceList>
          ) : null}
          {!whole ? (
            <Lessons id={lessonsId}>
              <legend>Занятия</legend>
              {open.map((lesson) => (
                <label key={lesson.id}>
                  <input type="checkbox" checked={chosen.includes(lesson.id)} onChange={(event) => toggle(lesson.id, event.target.checked)} />
                  <span>
                    {lesson.number}. {lesson.title || 'Без названия'}
                  </span>
                </label>
              ))}
              {chosen.length === 0 ? <FieldError>Отметьте хотя бы одно занятие.</FieldError> : null}
            </Lessons>
          ) : null}
          {picked.length > 0 && free ? (
            <p>
              <strong>Места получены бесплатно, по скидке: деньги возвращать не нужно.</strong> Места освободятся сразу и перейдут первым в
              очереди; человек получит письмо.
            </p>
          ) : picked.length > 0 ? (
            <p>
              <strong>Плательщику вернётся {money}.</strong>{' '}
              Места освободятся, когда платёжная система подтвердит возврат; плательщик получит письмо.
            </p>
          ) : null}
        </>
      }
      confirmLabel={free ? RELEASE_LABEL : picked.length > 0 ? `Вернуть ${money}` : 'Вернуть'}
      cancelLabel="Отмена"
      busy={busy || picked.length === 0}
      onConfirm={() => onConfirm(whole ? {} : { lessons: picked }, amount)}
      onClose={() => {
        if (!busy) onClose();
      }}
    />
  );
}
