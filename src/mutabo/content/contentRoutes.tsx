// The routes of the shared content's sections (quotations, reviews, library, timetable) and the author's own page,
// relative to /mutabo as the area's route table wants them.
import type { RouteObject } from 'react-router-dom';
import { areaPaths } from '../areaPaths.ts';
import { AuthorPage } from '../author/AuthorPage.tsx';
import { QuotationEditorPage } from '../quotations/QuotationEditorPage.tsx';
import { QuotationListPage } from '../quotations/QuotationListPage.tsx';
import { TimetablePage } from '../timetable/TimetablePage.tsx';

const relative = (path: string) => path.slice(areaPaths.root.length + 1);

export const contentRoutes: RouteObject[] = [
  { path: relative(areaPaths.quotations), element: <QuotationListPage /> },
  { path: relative(areaPaths.newQuotation), element: <QuotationEditorPage /> },
  { path: relative(areaPaths.quotation(':quotationId')), element: <QuotationEditorPage /> },
  { path: relative(areaPaths.timetable), element: <TimetablePage /> },
  { path: relative(areaPaths.authorPage), element: <AuthorPage /> },
];
