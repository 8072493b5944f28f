// A quotation: a new one, or one to edit (source, text, the course it comes from), with its history and deletion.
import { useParams } from 'react-router-dom';
import type { MutaboQuotation } from '../../../common/mutabo/quotations.ts';
import { MAX_QUOTATION_LENGTH } from '../../../common/mutabo/sharedContent.ts';
import { ErrorScreen } from '../../components/ErrorScreen.tsx';
import { TextAreaField, TextField } from '../../components/form/fields.tsx';
import { FormActions } from '../../components/form/FormLayout.ts';
import { LoadingButton } from '../../components/form/LoadingButton.tsx';
import { Loader } from '../../components/Loader.tsx';
import { areaPaths } from '../areaPaths.ts';
import { createQuotation, deleteQuotation, updateQuotation } from '../content/contentApi.ts';
import { CourseSelect } from '../content/CourseSelect.tsx';
import { DeletePanel } from '../content/DeletePanel.tsx';
import { EditorFrame } from '../content/EditorFrame.tsx';
import { SharedHistory } from '../content/SharedHistory.tsx';
import { useContentEditor } from '../content/useContentEditor.ts';
import { skipToken, useResource } from '../../data/useResource.ts';
import { areaResources } from '../areaResources.ts';
import { emptyQuotationValues, QUOTATION_FIELDS, quotationValues, quotationWrite } from './quotationForm.ts';

export function QuotationEditorPage() {
  const { quotationId } = useParams();
  const id = quotationId === undefined ? null : Number(quotationId);
  const quotation = useResource(areaResources.quotation, id === null ? skipToken : id);

  if (id !== null && (Number.isNaN(id) || quotation.error?.statusCode === 404)) return <p>Цитата не найдена: возможно, её уже удалили.</p>;
  if (quotation.error) return <ErrorScreen />;
  if (id !== null && !quotation.data) return <Loader label="Загружаем цитату" />;
  return <QuotationEditor key={id ?? 'new'} quotation={quotation.data ?? null} setQuotation={quotation.setData} reload={quotation.reload} />;
}

interface QuotationEditorProps {
  quotation: MutaboQuotation | null;
  setQuotation: (quotation: MutaboQuotation) => void;
  reload: () => Promise<MutaboQuotation | undefined>;
}

function QuotationEditor({ quotation, setQuotation, reload }: QuotationEditorProps) {
  const { form, submit, reloadCurrent, deleted } = useContentEditor({
    item: quotation,
    setItem: setQuotation,
    reload,
    invalidates: ['quotations'],
    empty: emptyQuotationValues,
    toValues: quotationValues,
    fields: QUOTATION_FIELDS,
    write: quotationWrite,
    create: createQuotation,
    update: updateQuotation,
    pathOf: areaPaths.quotation,
    listPath: areaPaths.quotations,
    savedNotice: 'Цитата сохранена. На сайте уже новая версия.',
  });
  const { values, errors, change } = form;

  return (
    <EditorFrame
      back={{ to: areaPaths.quotations, label: 'К цитатам' }}
      title={quotation ? 'Цитата' : 'Новая цитата'}
      notice={form.notice}
      failure={form.failure}
      onReload={() => void reloadCurrent()}
      after={
        quotation ? (
          <>
            <SharedHistory entity="quotation" id={quotation.id} version={quotation.version} />
            <DeletePanel
              action="Удалить цитату"
              message={`Цитата «${quotation.source}» исчезнет с сайта без возможности восстановления.`}
              remove={() => deleteQuotation(quotation.id)}
              onDeleted={deleted}
            />
          </>
        ) : null
      }
    >
      <form onSubmit={submit} noValidate aria-label="Цитата">
        <TextAreaField
          label="Текст цитаты"
          required
          rows={5}
          maxLength={MAX_QUOTATION_LENGTH}
          {...form.text('text')}
        />
        <TextField label="Источник" required {...form.text('source')} />
        <CourseSelect
          label="Курс, к которому относится цитата"
          value={values.course}
          current={quotation?.course ?? null}
          none="Без курса"
          error={errors.course}
          onChange={(course) => change({ course })}
        />
        <FormActions>
          <LoadingButton loading={form.saving}>{quotation ? 'Сохранить цитату' : 'Добавить цитату'}</LoadingButton>
        </FormActions>
      </form>
      {form.leave.dialog}
    </EditorFrame>
  );
}
