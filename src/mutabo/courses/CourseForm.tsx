// Every field of a course, with Russian labels and the messages of a failed save under their fields.
import { type FormEvent } from 'react';
import type { MutaboAuthorChoice } from '../../../common/mutabo/courses.ts';
import { timeZoneLabel } from '../../../common/timeZones.ts';
import { useResource } from '../../data/useResource.ts';
import { siteResources } from '../../data/siteResources.ts';
import styled from 'styled-components';
import { FieldError, SelectField, TextField, CheckboxField } from '../../components/form/fields.tsx';
import { LoadingButton } from '../../components/form/LoadingButton.tsx';
import { FormActions } from '../../components/form/FormLayout.ts';
import { WHOLESALE_THRESHOLD } from '../../../common/coursePrices.ts';
import { AGE_GROUP_FACTS, AGE_GROUP_LABELS } from '../../lib/courseFacts.ts';
import { LazyRichTextEditor as RichTextEditor } from '../richText/LazyRichTextEditor.tsx';
import { FORM_CURRENCIES, PRICE_FIELDS, sentPriceIndex, type CourseFormValues, type PriceRow } from './courseForm.ts';
import { BuyerPricePreview } from './BuyerPricePreview.tsx';
import { CourseRoomField } from './CourseRoomField.tsx';
import { CourseFormatFields } from './CourseFormatFields.tsx';
import { ImageField } from './ImageField.tsx';
import { TestTitleWarning } from './TestTitleWarning.tsx';

/** The keys a save's field messages may have; any other goes to the form's red block. */
export const COURSE_FIELDS = [
  'title',
  'subtitle',
  'description',
  'authors',
  'start',
  'end',
  'disciplesAge',
  'image',
  'thumbnail',
  'participantsLimit',
  'fullYear',
  'lessonsBlockSize',
  'prices',
  'timeZone',
  'roomUrl',
  'format',
  'recordingDays',
] as const;

const Grid = styled.div`
  display: grid;
  gap: 0 ${({ theme }) => theme.space(4)};

  ${({ theme }) => theme.media.tablet} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
`;

const Fieldset = styled.fieldset`
  margin: 0 0 ${({ theme }) => theme.space(4)};
  padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(4)} 0;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius};

  legend {
    padding: 0 ${({ theme }) => theme.space(1)};
    font-weight: 600;
  }
`;

/** A field's explanation under it: what the site will do with it. */
const Hint = styled.p`
  margin: -${({ theme }) => theme.space(2)} 0 ${({ theme }) => theme.space(4)};
  color: ${({ theme }) => theme.colors.muted};
  font-size: ${({ theme }) => theme.fonts.sizes.small};
`;

const PriceGrid = styled.div`
  display: grid;
  gap: 0 ${({ theme }) => theme.space(3)};

  ${({ theme }) => theme.media.tablet} {
    grid-template-columns: repeat(3, minmax(0, 1fr));
  }
`;

interface CourseFormProps {
  values: CourseFormValues;
  onChange: (patch: Partial<CourseFormValues>) => void;
  errors: Record<string, string>;
  authors: MutaboAuthorChoice[];
  /** Changes when the values are replaced from outside, so the rich-text editor reads them again. */
  editorKey: number;
  saving: boolean;
  submitLabel: string;
  onSubmit: () => void;
}

/** The zone the lesson times of the course are entered in, from the site's dictionary of zones. */
function TimeZoneSelect({ value, error, onChange }: { value: string; error?: string; onChange: (zone: string) => void }) {
  const dictionaries = useResource(siteResources.dictionaries);
  const options = dictionaries.data?.timezones ?? [];
  const shown = options.some(([zone]) => zone === value) ? options : [[value, timeZoneLabel(value)] as [string, string], ...options];
  return (
    <SelectField label="Часовой пояс занятий" name="timeZone" value={value} error={error} onChange={(event) => onChange(event.target.value)}>
      {shown.map(([zone, label]) => (
        <option key={zone} value={zone}>
          {label}
        </option>
      ))}
    </SelectField>
  );
}

export function CourseForm({ values, onChange, errors, authors, editorKey, saving, submitLabel, onSubmit }: CourseFormProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  const setPrice = (index: number, patch: Partial<PriceRow>) =>
    onChange({ prices: values.prices.map((row, at) => (at === index ? { ...row, ...patch } : row)) });
  const toggleAuthor = (id: number, on: boolean) =>
    onChange({ authors: on ? [...values.authors, id] : values.authors.filter((author) => author !== id) });

  return (
    <form onSubmit={submit} noValidate aria-label="Курс">
      <TextField label="Название" name="title" required value={values.title} error={errors.title} onChange={(e) => onChange({ title: e.target.value })} />
      <TestTitleWarning title={values.title} underField />
      <TextField label="Подзаголовок" name="subtitle" value={values.subtitle} error={errors.subtitle} onChange={(e) => onChange({ subtitle: e.target.value })} />
      <RichTextEditor
        key={editorKey}
        label="Описание"
        initialValue={values.description}
        error={errors.description}
        onChange={(description) => onChange({ description })}
      />
      <CourseFormatFields values={values} errors={errors} onChange={onChange} />
      <Fieldset>
        <legend>Авторы</legend>
        {authors.map((author) => (
          <CheckboxField
            key={author.id}
            label={`${author.firstName} ${author.lastName}`}
            checked={values.authors.includes(author.id)}
            onChange={(e) => toggleAuthor(author.id, e.target.checked)}
          />
        ))}
        {errors.authors ? <FieldError>{errors.authors}</FieldError> : null}
      </Fieldset>
      <Grid>
        <TextField label="Начало" name="start" type="date" value={values.start} error={errors.start} onChange={(e) => onChange({ start: e.target.value })} />
        <TextField label="Окончание" name="end" type="date" value={values.end} error={errors.end} onChange={(e) => onChange({ end: e.target.value })} />
        <div>
          <SelectField
            label="Возраст участников"
            name="disciplesAge"
            value={values.disciplesAge}
            error={errors.disciplesAge}
            onChange={(e) => onChange({ disciplesAge: e.target.value as CourseFormValues['disciplesAge'] })}
          >
            <option value="DISCIPLES_AGE_ADULTS">{AGE_GROUP_LABELS.DISCIPLES_AGE_ADULTS}</option>
            <option value="DISCIPLES_AGE_CHILDREN">{AGE_GROUP_LABELS.DISCIPLES_AGE_CHILDREN}</option>
          </SelectField>
          <Hint>
            На сайте: «{AGE_GROUP_LABELS[values.disciplesAge]}» в каталоге, «{AGE_GROUP_FACTS[values.disciplesAge]}» на странице курса.
          </Hint>
        </div>
        <TextField
          label="Количество мест"
          name="participantsLimit"
          inputMode="numeric"
          value={values.participantsLimit}
          error={errors.participantsLimit}
          onChange={(e) => onChange({ participantsLimit: e.target.value })}
        />
        <TimeZoneSelect value={values.timeZone} error={errors.timeZone} onChange={(timeZone) => onChange({ timeZone })} />
        <TextField
          label="Занятий в блоке"
          name="lessonsBlockSize"
          inputMode="numeric"
          value={values.lessonsBlockSize}
          error={errors.lessonsBlockSize}
          onChange={(e) => onChange({ lessonsBlockSize: e.target.value })}
        />
      </Grid>
      <CourseRoomField value={values.roomUrl} error={errors.roomUrl} onChange={(roomUrl) => onChange({ roomUrl })} />
      <Hint>Занятия без своей ссылки проходят в этой комнате. Смените ссылку здесь — она сменится у всех таких занятий.</Hint>
      <CheckboxField
        label="Курс на весь учебный год"
        name="fullYear"
        checked={values.fullYear}
        error={errors.fullYear}
        onChange={(e) => onChange({ fullYear: e.target.checked })}
      />
      <Grid>
        <ImageField label="Картинка курса" name="image" value={values.image} error={errors.image} onChange={(image) => onChange({ image })} />
        <ImageField
          label="Миниатюра для каталога"
          name="thumbnail"
          value={values.thumbnail}
          error={errors.thumbnail}
          onChange={(thumbnail) => onChange({ thumbnail })}
        />
      </Grid>
      {FORM_CURRENCIES.map(({ currency, label }, index) => {
        const row = values.prices[index]!;
        const sent = sentPriceIndex(values.prices, index);
        const priceError = (field: string) => (sent === null ? undefined : errors[`prices.${sent}.${field}`]);
        return (
          <Fieldset key={currency}>
            <legend>Цены: {label}</legend>
            <CheckboxField
              label={`Продавать за ${label.split(' ')[0]!.toLowerCase()}`}
              checked={row.enabled}
              onChange={(e) => setPrice(index, { enabled: e.target.checked })}
            />
            {row.enabled ? (
              <>
                <PriceGrid>
                  {PRICE_FIELDS.map(({ field, label: fieldLabel }) => (
                    <TextField
                      key={field}
                      label={fieldLabel}
                      inputMode="decimal"
                      value={row[field]}
                      error={priceError(field)}
                      onChange={(e) => setPrice(index, { [field]: e.target.value })}
                    />
                  ))}
                </PriceGrid>
                <Hint>
                  Цена курса — за все занятия сразу; если те же занятия по одному выходят дешевле, покупатель платит меньшую сумму.
                  Цена занятия — за одно занятие; курс с блоками продаётся блоками, и блок стоит столько, сколько его занятия
                  вместе (в блоке от {WHOLESALE_THRESHOLD} занятий — по цене занятия от {WHOLESALE_THRESHOLD} занятий); 0 — занятия по
                  одному не продаются. Цена занятия от {WHOLESALE_THRESHOLD} занятий действует
                  за каждое, когда за раз покупают столько (например, весь курс); на странице курса её видно, только если столько занятий
                  можно выбрать.
                </Hint>
                <BuyerPricePreview row={row} blockSize={values.lessonsBlockSize} />
              </>
            ) : null}
            {sent !== null && errors[`prices.${sent}`] ? <FieldError>{errors[`prices.${sent}`]}</FieldError> : null}
          </Fieldset>
        );
      })}
      {errors.prices ? <FieldError>{errors.prices}</FieldError> : null}
      <FormActions>
        <LoadingButton loading={saving}>{submitLabel}</LoadingButton>
      </FormActions>
    </form>
  );
}
