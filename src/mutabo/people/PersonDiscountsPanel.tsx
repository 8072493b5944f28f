// «Скидки» on a person's card (issue 23: a personal discount is granted «on a course or a person»): the person's
// active discounts on the caller's courses, each revocable after a confirmation, and «Скидка участнику» that grants one
// on a chosen course to the person's own address — the same discount the course's «Скидки» tab grants
// (POST /api/v1/mutabo/courses/{id}/discounts/), with the same terms fields, checks and messages.
import { discountText, type MutaboDiscount } from '../../../common/discounts.ts';
import { personalDiscountSchema } from '../../../common/discountSchemas.ts';
import type { MutaboPersonCard } from '../../../common/mutabo/people.ts';
import { FormErrorBlock, SelectField } from '../../components/form/fields.tsx';
import { Loader } from '../../components/Loader.tsx';
import { courseTitle, DiscountList } from '../discounts/DiscountList.tsx';
import { createDiscount } from '../discounts/discountsApi.ts';
import { emptyGrantValues, grantBody, GrantFields, noteTyped, type GrantValues } from '../discounts/GrantFields.tsx';
import { previewCourseOf } from '../discounts/DiscountPreview.tsx';
import { amountErrors, type TermsValues } from '../discounts/TermsFields.tsx';
import { useDiscountForm } from '../discounts/useDiscountForm.ts';
import { Muted, Notice, Panel } from '../shell/areaParts.ts';
import { skipToken, useResource } from '../../data/useResource.ts';
import { areaResources } from '../areaResources.ts';

/** The server's messages the form shows under its fields; the rest (an unknown course, the address) go to its red block. */
const FIELDS = ['percent', 'amounts', 'expiresAt', 'message', 'note'];

const PERSON_DISCOUNT_FORM = 'Скидка участнику';
const COURSE_REQUIRED = 'Выберите курс.';

/** The card's list after a grant: the new discount first, in place of the person's earlier one on that course. */
const withGranted = (discounts: readonly MutaboDiscount[], granted: MutaboDiscount) => [
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

interface PersonGrant extends GrantValues {
  course: string;
}

const emptyGrant: PersonGrant = { course: '', ...emptyGrantValues };

export function PersonDiscountsPanel({ person, onDiscounts, reload }: PersonDiscountsPanelProps) {
  return (
    <Panel aria-labelledby="person-discounts-title">
      <h2 id="person-discounts-title">Скидки</h2>
      <DiscountList
        discounts={person.discounts}
        of="person"
        reload={reload}
        onRevoked={(revoked) => onDiscounts(person.discounts.filter((item) => item.id !== revoked.id))}
      />
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

function GrantForm({ person, onGranted }: { person: MutaboPersonCard; onGranted: (discount: MutaboDiscount) => void }) {
  const { form, values, change, field, errors, block, notice, saving, leave, termsErrors, onSubmit, check, save } = useDiscountForm(
    emptyGrant,
    FIELDS,
    noteTyped,
  );
  const courses = useResource(areaResources.courses);
  // The list has no prices: the chosen course's details say in which currencies an amount may be given.
  const courseId = Number(values.course) || null;
  const course = useResource(areaResources.course, courseId === null ? skipToken : courseId);
  const details = course.data?.id === courseId ? course.data : undefined;
  const currencies = details?.prices.map((price) => price.currency) ?? [];
  // «Сумма» chosen for a course without prices has no fields: it is a percent there.
  const termsValues: TermsValues = details && currencies.length === 0 && values.terms.kind === 'amount' ? { ...values.terms, kind: 'percent' } : values.terms;
  const earlier = person.discounts.find((item) => item.course.id === courseId);
  const preview = details ? [previewCourseOf(details)] : undefined;

  const submit = onSubmit(() => {
    const more: Record<string, string> = courseId === null ? { course: COURSE_REQUIRED } : amountErrors(termsValues, currencies, preview, false);
    const body = check(personalDiscountSchema, termsValues, currencies, (terms) => grantBody(person.email, values, terms), more);
    if (body === null || courseId === null) return;
    void save(async () => {
      const created = await createDiscount(courseId, body);
      onGranted(created);
      return `Скидка ${discountText(created)} на курс «${courseTitle(created.course.title)}» сохранена; ${created.email} получит о ней письмо.`;
    });
  });

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
        <SelectField label="Курс" {...field('course')}>
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
        <GrantFields
          terms={termsValues}
          currencies={currencies}
          prices={details ? 'known' : courseId !== null && !course.error ? 'loading' : 'unknown'}
          preview={preview}
          termsErrors={termsErrors(termsValues.kind)}
          onTerms={(terms) => change({ terms })}
          field={field}
          saving={saving}
        />
      </form>
      {leave.dialog}
    </>
  );
}
