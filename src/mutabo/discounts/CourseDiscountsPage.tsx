// «Скидки участникам» of a course: a personal discount for one address (a percent or an amount per currency the
// course has prices in, until a day, with a note), which applies once that person pays (or signs up with that
// address first); below, the course's active discounts with their use, each revocable after a confirmation.
import { useCallback, useState, type FormEvent } from 'react';
import { discountText, type MutaboDiscount } from '../../../common/discounts.ts';
import { personalDiscountSchema, type PersonalDiscountPayload } from '../../../common/discountSchemas.ts';
import type { MutaboCourse } from '../../../common/mutabo.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { FormActions } from '../../components/form/FormLayout.ts';
import { EmailField, FormErrorBlock, TextAreaField, TextField } from '../../components/form/fields.tsx';
import { LoadingButton } from '../../components/form/LoadingButton.tsx';
import { Loader } from '../../components/Loader.tsx';
import { checkWith } from '../content/checkWith.ts';
import { CourseHeader } from '../courses/CourseNav.tsx';
import { useLedCourse } from '../courses/useLedCourse.tsx';
import { useLeaveGuard } from '../forms/useLeaveGuard.tsx';
import { Muted, Notice, Panel } from '../shell/areaParts.ts';
import { Badge, CellNote, DataTable, Td, Th, Tr } from '../shell/DataTable.tsx';
import { useConfirmedAction } from '../shell/useConfirmedAction.ts';
import { useLoad } from '../useLoad.ts';
import { createDiscount, listDiscounts, revokeDiscount } from './discountsApi.ts';
import { discountDay, usedText } from './discountWords.ts';
import { emptyTerms, termsBody, termsErrors, TermsFields, type TermsValues } from './TermsFields.tsx';
import { RowButton, todayInput } from './discountParts.ts';
import { useDiscountForm } from './useDiscountForm.ts';

const FIELDS = ['email', 'percent', 'amounts', 'expiresAt', 'note'];

export const REVOKE_DISCOUNT_LABEL = 'Отменить скидку';

/** «Соколова Екатерина», or that the address has no account yet. */
const personText = (discount: MutaboDiscount) =>
  discount.person ? [discount.person.lastName, discount.person.firstName].filter(Boolean).join(' ') || discount.email : 'ещё не зарегистрирован(а)';

export function CourseDiscountsPage() {
  const { id, course, instead } = useLedCourse();
  const load = useCallback(() => listDiscounts(id!), [id]);
  const discounts = useLoad(id === undefined ? null : load);
  if (instead) return instead;

  // The new discount replaces the person's earlier one on the course.
  const granted = (discount: MutaboDiscount) =>
    discounts.setData([discount, ...(discounts.data ?? []).filter((item) => item.id !== discount.id && item.email !== discount.email)]);

  return (
    <section>
      <CourseHeader course={course} title="Скидки участникам" />
      <GrantForm course={course} onGranted={granted} />
      <Panel aria-labelledby="discounts-list-title">
        <h2 id="discounts-list-title">Действующие скидки</h2>
        {discounts.error && !discounts.data ? (
          <FormErrorBlock>Не удалось загрузить скидки: {discounts.error.message}</FormErrorBlock>
        ) : discounts.data ? (
          <DiscountList discounts={discounts.data} reload={discounts.reload} />
        ) : (
          <Loader label="Загружаем скидки" />
        )}
      </Panel>
    </section>
  );
}

interface GrantValues {
  email: string;
  terms: TermsValues;
  expiresAt: string;
  note: string;
}

const emptyGrant: GrantValues = { email: '', terms: emptyTerms, expiresAt: '', note: '' };

function GrantForm({ course, onGranted }: { course: MutaboCourse; onGranted: (discount: MutaboDiscount) => void }) {
  const [values, setValues] = useState<GrantValues>(emptyGrant);
  const [sent, setSent] = useState<ReturnType<typeof termsBody>['sent']>([]);
  const { form, errors, block, notice, saving, refuse, touched, save } = useDiscountForm(FIELDS);
  const currencies = course.prices.map((price) => price.currency);
  const leave = useLeaveGuard(values.email.trim() !== '' || values.terms.percent !== '' || Object.values(values.terms.amounts).some(Boolean) || values.note.trim() !== '');

  const change = (patch: Partial<GrantValues>) => {
    setValues((current) => ({ ...current, ...patch }));
    touched();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const terms = termsBody(values.terms, currencies);
    setSent(terms.sent);
    const body: PersonalDiscountPayload = {
      email: values.email,
      ...terms.terms,
      ...(values.expiresAt ? { expiresAt: values.expiresAt } : {}),
      ...(values.note.trim() ? { note: values.note } : {}),
    };
    const checked = checkWith<PersonalDiscountPayload>(personalDiscountSchema, body);
    if ('errors' in checked) {
      refuse(checked.errors);
      return;
    }
    void save(async () => {
      const created = await createDiscount(course.id, body);
      onGranted(created);
      setValues(emptyGrant);
      return `Скидка ${discountText(created)} для ${created.email} сохранена.`;
    });
  };

  const terms = termsErrors(errors, sent, values.terms.kind);

  return (
    <Panel aria-labelledby="discount-grant-title">
      <h2 id="discount-grant-title">Скидка участнику</h2>
      <Muted>
        Скидка действует на этот курс для человека с этим адресом почты — и на оплату курса целиком, и на оплату занятий. Если он ещё не
        зарегистрирован, скидка применится, когда он зарегистрируется с этим адресом. Новая скидка тому же человеку заменяет прежнюю.
      </Muted>
      {notice ? <Notice>{notice}</Notice> : null}
      <form ref={form} aria-label="Скидка участнику" noValidate onSubmit={submit}>
        {block ? <FormErrorBlock>{block}</FormErrorBlock> : null}
        <EmailField
          label="Электронная почта участника"
          value={values.email}
          error={errors.email}
          onChange={(event) => change({ email: event.target.value })}
        />
        <TermsFields
          values={values.terms}
          currencies={currencies}
          errors={terms}
          onChange={(next) => change({ terms: next })}
          amountHint={
            currencies.length > 1 ? 'Укажите сумму в тех валютах, в которых скидка нужна: цены в валюте без суммы не меняются.' : undefined
          }
        />
        {currencies.length === 0 ? <Muted>У курса нет цен: скидку можно дать только в процентах.</Muted> : null}
        <TextField
          label="Действует до (включительно, необязательно)"
          name="expiresAt"
          type="date"
          min={todayInput()}
          value={values.expiresAt}
          error={errors.expiresAt}
          onChange={(event) => change({ expiresAt: event.target.value })}
        />
        <TextAreaField
          label="Заметка для себя (необязательно)"
          name="note"
          rows={2}
          maxLength={500}
          value={values.note}
          error={errors.note}
          onChange={(event) => change({ note: event.target.value })}
        />
        <FormActions>
          <LoadingButton loading={saving}>Дать скидку</LoadingButton>
        </FormActions>
      </form>
      {leave.dialog}
    </Panel>
  );
}

function DiscountList({ discounts, reload }: { discounts: MutaboDiscount[]; reload: () => Promise<unknown> }) {
  const action = useConfirmedAction<MutaboDiscount>(reload);
  const { asking, busy, notice, error, outcome } = action;

  const revoke = () => {
    if (!asking) return;
    void action.run(async () => {
      await revokeDiscount(asking.id);
      return `Скидка для ${asking.email} отменена.`;
    });
  };

  return (
    <>
      <div ref={outcome} tabIndex={-1}>
        {notice ? <Notice>{notice}</Notice> : null}
        {error ? <FormErrorBlock>{error}</FormErrorBlock> : null}
      </div>
      {discounts.length === 0 ? (
        <Muted>Скидок участникам на этом курсе нет.</Muted>
      ) : (
        <DataTable $stackBelow="desktop">
          <thead>
            <Tr>
              <Th>Кому</Th>
              <Th>Скидка</Th>
              <Th>Срок</Th>
              <Th>Применение</Th>
              <Th>Действия</Th>
            </Tr>
          </thead>
          <tbody>
            {discounts.map((discount) => (
              <Tr key={discount.id}>
                <Td label="Кому">
                  {personText(discount)}
                  <CellNote>{discount.email}</CellNote>
                </Td>
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
                <Td label="Применение">{usedText(discount.used)}</Td>
                <Td label="Действия">
                  <RowButton
                    $variant="secondary"
                    disabled={busy}
                    aria-label={`${REVOKE_DISCOUNT_LABEL} для ${discount.email}`}
                    onClick={() => action.ask(discount)}
                  >
                    {REVOKE_DISCOUNT_LABEL}
                  </RowButton>
                </Td>
              </Tr>
            ))}
          </tbody>
        </DataTable>
      )}
      <ConfirmDialog
        open={asking !== null}
        title="Отменить скидку?"
        message={
          asking ? (
            <p>
              Скидка {discountText(asking)} для {asking.email} перестанет действовать. Уже оплаченные со скидкой платежи не изменятся.
            </p>
          ) : undefined
        }
        confirmLabel={busy ? 'Отменяем…' : REVOKE_DISCOUNT_LABEL}
        cancelLabel="Не отменять"
        busy={busy}
        onConfirm={revoke}
        onClose={action.cancel}
      />
    </>
  );
}
