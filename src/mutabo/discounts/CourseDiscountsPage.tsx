// «Скидки участникам» of a course: a personal discount for one address (a percent or an amount per currency the
// course has prices in, until a day, with a note), which applies once that person pays (or signs up with that
// address first); below, the course's active discounts with their use, each revocable after a confirmation.
import { discountText, type MutaboDiscount } from '../../../common/discounts.ts';
import { personalDiscountSchema } from '../../../common/discountSchemas.ts';
import type { MutaboCourse } from '../../../common/mutabo/courses.ts';
import { EmailField, FormErrorBlock } from '../../components/form/fields.tsx';
import { Loader } from '../../components/Loader.tsx';
import { CourseHeader } from '../courses/CourseNav.tsx';
import { useLedCourse } from '../courses/useLedCourse.tsx';
import { Muted, Notice, Panel } from '../shell/areaParts.ts';
import { skipToken, useResource } from '../../data/useResource.ts';
import { areaResources } from '../areaResources.ts';
import { DiscountList } from './DiscountList.tsx';
import { createDiscount } from './discountsApi.ts';
import { previewCourseOf } from './DiscountPreview.tsx';
import { emptyGrantValues, grantBody, GrantFields, noteTyped, type GrantValues } from './GrantFields.tsx';
import { amountErrors } from './TermsFields.tsx';
import { useDiscountForm } from './useDiscountForm.ts';

const FIELDS = ['email', 'percent', 'amounts', 'expiresAt', 'message', 'note'];

export function CourseDiscountsPage() {
  const { id, course, instead } = useLedCourse();
  const discounts = useResource(areaResources.discounts, id === undefined ? skipToken : id);
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
          <DiscountList discounts={discounts.data} of="course" reload={discounts.reload} />
        ) : (
          <Loader label="Загружаем скидки" />
        )}
      </Panel>
    </section>
  );
}

interface CourseGrant extends GrantValues {
  email: string;
}

const emptyGrant: CourseGrant = { email: '', ...emptyGrantValues };

function GrantForm({ course, onGranted }: { course: MutaboCourse; onGranted: (discount: MutaboDiscount) => void }) {
  const { form, values, change, field, block, notice, saving, leave, termsErrors, onSubmit, check, save } = useDiscountForm(
    emptyGrant,
    FIELDS,
    (typed) => typed.email.trim() !== '' || noteTyped(typed),
  );
  const currencies = course.prices.map((price) => price.currency);
  const preview = [previewCourseOf(course)];

  const submit = onSubmit(() => {
    const body = check(personalDiscountSchema, values.terms, currencies, (terms) => grantBody(values.email, values, terms), amountErrors(values.terms, currencies, preview, false));
    if (body === null) return;
    void save(async () => {
      const created = await createDiscount(course.id, body);
      onGranted(created);
      return `Скидка ${discountText(created)} для ${created.email} сохранена.`;
    });
  });

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
        <EmailField label="Электронная почта участника" {...field('email')} />
        <GrantFields
          terms={values.terms}
          currencies={currencies}
          prices="known"
          preview={preview}
          termsErrors={termsErrors(values.terms.kind)}
          onTerms={(terms) => change({ terms })}
          field={field}
          saving={saving}
        />
      </form>
      {leave.dialog}
    </Panel>
  );
}
