// «Скидки» on a person's card (issue 23: a personal discount is granted «on a course or a person»): the person's
// active discounts on the caller's courses, each revocable after a confirmation, and «Скидка участнику» that grants one
// on a chosen course to the person's own address — the same discount the course's «Скидки» tab grants
// (POST /api/v1/mutabo/courses/{id}/discounts/), with the same terms fields, checks and messages.
import { useCallback, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { discountText, type MutaboDiscount } from '../../../common/discounts.ts';
import { personalDiscountSchema, type PersonalDiscountPayload } from '../../../common/discountSchemas.ts';
import type { MutaboPersonCard } from '../../../common/mutaboPeople.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { FormActions } from '../../components/form/FormLayout.ts';
import { FormErrorBlock, SelectField, TextAreaField, TextField } from '../../components/form/fields.tsx';
import { LoadingButton } from '../../components/form/LoadingButton.tsx';
import { Loader } from '../../components/Loader.tsx';
import { getCourse, listCourses } from '../api.ts';
import { areaPaths } from '../areaPaths.ts';
import { checkWith } from '../content/checkWith.ts';
import { createDiscount, revokeDiscount } from '../discounts/discountsApi.ts';
import { RowButton, todayInput } from '../discounts/discountParts.ts';
import { discountDay, usedText } from '../discounts/discountWords.ts';
import { emptyTerms, termsBody, termsErrors, TermsFields, type TermsValues } from '../discounts/TermsFields.tsx';
import { useDiscountForm } from '../discounts/useDiscountForm.ts';
import { useLeaveGuard } from '../forms/useLeaveGuard.tsx';
import { Muted, Notice, Panel } from '../shell/areaParts.ts';
import { Badge, CellNote, DataTable, Td, Th, Tr } from '../shell/DataTable.tsx';
import { useConfirmedAction } from '../shell/useConfirmedAction.ts';
import { useLoad } from '../useLoad.ts';

/** The server's messages the form shows under its fields; the rest (an unknown course, the address) go to its red block. */
const FIELDS = ['percent', 'amounts', 'expiresAt', 'note'];

export const PERSON_DISCOUNT_FORM = 'Скидка участнику';
export const COURSE_REQUIRED = 'Выберите курс.';
const REVOKE_LABEL = 'Отменить скидку';

const courseTitle = (title: string) => title || 'Курс без названия';

/** The card's list after a grant: the new discount first, in place of the person's earlier one on that course. */
export const withGranted = (discounts: readonly MutaboDiscount[], granted: MutaboDiscount) => [
  granted,
  ...discounts.filter((item) => item.id !== granted.id && item.course.id !== granted.course.id),
];

interface PersonDiscountsPanelProps {
  person: MutaboPersonCard;
  /** Puts the card's list as it is now (after a grant, before the card is read again). */
  onDiscounts: (discounts: MutaboDiscount[]) => void;
  /** Reads the card again (after a grant, and after a revocation whatever the server answered). */
  reload: () => Promise<unknown>;
}

export function PersonDiscountsPanel({ person, onDiscounts, reload }: PersonDiscountsPanelProps) {
  return (
    <Panel aria-labelledby="person-discounts-title">
      <h2 id="person-discounts-title">Скидки</h2>
      <DiscountList person={person} onDiscounts={onDiscounts} reload={reload} />
      <GrantForm
        person={person}
        onGranted={(granted) => {
          onDiscounts(withGranted(person.discounts, granted));
          // The card read again agrees with the server (a revocation may have come meanwhile).
          void reload();
        }}
      />
    </Panel>
  );
}

function DiscountList({ person, onDiscounts, reload }: PersonDiscountsPanelProps) {
  const action = useConfirmedAction<MutaboDiscount>(reload);
  const { asking, busy, notice, error, outcome } = action;

  const revoke = () => {
    if (!asking) return;
    void action.run(async () => {
      await revokeDiscount(asking.id);
      onDiscounts(person.discounts.filter((item) => item.id !== asking.id));
      return `Скидка на курс «${courseTitle(asking.course.title)}» отменена.`;
    });
  };

  return (
    <>
      <div ref={outcome} tabIndex={-1}>
        {notice ? <Notice>{notice}</Notice> : null}
        {error ? <FormErrorBlock>{error}</FormErrorBlock> : null}
      </div>
      {person.discounts.length === 0 ? (
        <Muted>Скидок на ваши курсы у этого человека нет.</Muted>
      ) : (
        <DataTable $stackBelow="desktop" aria-label="Скидки человека">
          <thead>
            <Tr>
              <Th>Курс</Th>
              <Th>Скидка</Th>
              <Th>Срок</Th>
              <Th>Использование</Th>
              <Th>Действия</Th>
            </Tr>
          </thead>
          <tbody>
            {person.discounts.map((discount) => (
              <Tr key={discount.id}>
                <Td label="Курс">
                  <Link to={areaPaths.courseDiscounts(discount.course.id)}>{courseTitle(discount.course.title)}</Link>
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
                <Td label="Использование">{usedText(discount.used)}</Td>
                <Td label="Действия">
                  <RowButton
                    $variant="secondary"
                    disabled={busy}
                    aria-label={`${REVOKE_LABEL} на курс «${courseTitle(discount.course.title)}»`}
                    onClick={() => action.ask(discount)}
                  >
                    {REVOKE_LABEL}
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
              Скидка {discountText(asking)} на курс «{courseTitle(asking.course.title)}» для {asking.email} перестанет действовать. Уже
              оплаченные со скидкой платежи не изменятся.
            </p>
          ) : undefined
        }
        confirmLabel={busy ? 'Отменяем…' : REVOKE_LABEL}
        cancelLabel="Не отменять"
        busy={busy}
        onConfirm={revoke}
        onClose={action.cancel}
      />
    </>
  );
}

interface GrantValues {
  course: string;
  terms: TermsValues;
  expiresAt: string;
  note: string;
}

const emptyGrant: GrantValues = { course: '', terms: emptyTerms, expiresAt: '', note: '' };

function GrantForm({ person, onGranted }: { person: MutaboPersonCard; onGranted: (discount: MutaboDiscount) => void }) {
  const [values, setValues] = useState<GrantValues>(emptyGrant);
  const [sent, setSent] = useState<ReturnType<typeof termsBody>['sent']>([]);
  const { form, errors, block, notice, saving, refuse, touched, save } = useDiscountForm(FIELDS);
  const courses = useLoad(useCallback(() => listCourses(), []));
  // The list has no prices: the chosen course's details say in which currencies an amount may be given.
  const courseId = Number(values.course) || null;
  const loadCourse = useCallback(() => getCourse(courseId!), [courseId]);
  const course = useLoad(courseId === null ? null : loadCourse);
  const details = course.data?.id === courseId ? course.data : undefined;
  const currencies = details?.prices.map((price) => price.currency) ?? [];
  // «Сумма» chosen for a course without prices has no fields: it is a percent there.
  const termsValues: TermsValues = details && currencies.length === 0 && values.terms.kind === 'amount' ? { ...values.terms, kind: 'percent' } : values.terms;
  const earlier = person.discounts.find((item) => item.course.id === courseId);
  const leave = useLeaveGuard(values.terms.percent !== '' || Object.values(values.terms.amounts).some(Boolean) || values.note.trim() !== '');

  const change = (patch: Partial<GrantValues>) => {
    setValues((current) => ({ ...current, ...patch }));
    touched();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const terms = termsBody(termsValues, currencies);
    setSent(terms.sent);
    const body: PersonalDiscountPayload = {
      email: person.email,
      ...terms.terms,
      ...(values.expiresAt ? { expiresAt: values.expiresAt } : {}),
      ...(values.note.trim() ? { note: values.note } : {}),
    };
    const checked = checkWith<PersonalDiscountPayload>(personalDiscountSchema, body);
    const found = 'errors' in checked ? checked.errors : {};
    if (courseId === null) found.course = COURSE_REQUIRED;
    if (courseId === null || 'errors' in checked) {
      refuse(found);
      return;
    }
    void save(async () => {
      const created = await createDiscount(courseId, body);
      onGranted(created);
      setValues(emptyGrant);
      return `Скидка ${discountText(created)} на курс «${courseTitle(created.course.title)}» сохранена; ${created.email} получит о ней письмо.`;
    });
  };

  const terms = termsErrors(errors, sent, termsValues.kind);
  // The address is the person's own, not typed: a message about it belongs to the whole form.
  const formError = block ?? errors.email ?? null;

  if (courses.error && !courses.data) {
    return <FormErrorBlock>Не удалось загрузить ваши курсы: {courses.error.message}</FormErrorBlock>;
  }
  if (!courses.data) return <Loader label="Загружаем ваши курсы" />;
  if (courses.data.length === 0) return <Muted>Вы не ведёте ни одного курса: дать скидку не на что.</Muted>;

  return (
    <>
      <h3 id="person-discount-grant-title">{PERSON_DISCOUNT_FORM}</h3>
      <Muted>
        Скидка действует на выбранный курс для адреса {person.email} — и на оплату курса целиком, и на оплату занятий; человек получит
        письмо о ней. Новая скидка на тот же курс заменяет прежнюю.
      </Muted>
      {notice ? <Notice>{notice}</Notice> : null}
      <form ref={form} aria-labelledby="person-discount-grant-title" noValidate onSubmit={submit}>
        {formError ? <FormErrorBlock>{formError}</FormErrorBlock> : null}
        <SelectField
          label="Курс"
          name="course"
          value={values.course}
          error={errors.course}
          onChange={(event) => change({ course: event.target.value })}
        >
          <option value="">Выберите курс</option>
          {courses.data.map((item) => (
            <option key={item.id} value={String(item.id)}>
              {courseTitle(item.title)}
            </option>
          ))}
        </SelectField>
        {earlier ? <Muted>На этот курс уже есть скидка {discountText(earlier)}: новая заменит её.</Muted> : null}
        {courseId !== null && course.error && !details ? (
          <FormErrorBlock>Не удалось загрузить цены курса: {course.error.message}</FormErrorBlock>
        ) : null}
        <TermsFields
          values={termsValues}
          currencies={currencies}
          errors={terms}
          onChange={(next) => change({ terms: next })}
          amountHint={
            currencies.length > 1 ? 'Укажите сумму в тех валютах, в которых скидка нужна: цены в валюте без суммы не меняются.' : undefined
          }
        />
        {courseId !== null && !details && !course.error ? <Muted>Загружаем цены курса…</Muted> : null}
        {details && currencies.length === 0 ? <Muted>У курса нет цен: скидку можно дать только в процентах.</Muted> : null}
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
    </>
  );
}
