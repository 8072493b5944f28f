// The quotation form's values and the body of its save.
import { quotationCreateSchema, type MutaboQuotation, type QuotationCreatePayload } from '../../../common/mutabo/quotations.ts';
import { checkWith } from '../content/checkWith.ts';

interface QuotationFormValues {
  source: string;
  text: string;
  /** A course id as the select holds it, '' for none. */
  course: string;
}

export const QUOTATION_FIELDS = ['source', 'text', 'course'] as const;

export const emptyQuotationValues = (): QuotationFormValues => ({ source: '', text: '', course: '' });

export const quotationValues = (quotation: MutaboQuotation): QuotationFormValues => ({
  source: quotation.source,
  text: quotation.text,
  course: quotation.course ? String(quotation.course.id) : '',
});

export function quotationWrite(values: QuotationFormValues) {
  const body: QuotationCreatePayload = { source: values.source, text: values.text, course: values.course ? Number(values.course) : null };
  return checkWith(quotationCreateSchema, body);
}
