// The routes of the shared content's sections (quotations, reviews, library, timetable) and the author's own page,
// relative to /mutabo as the area's route table wants them.
import type { RouteObject } from 'react-router-dom';
import { areaPaths } from '../areaPaths.ts';
import { AuthorPage } from '../author/AuthorPage.tsx';
import { FeedbackEditorPage } from '../feedback/FeedbackEditorPage.tsx';
import { FeedbackListPage } from '../feedback/FeedbackListPage.tsx';
import { LibraryItemEditorPage } from '../library/LibraryItemEditorPage.tsx';
import { LibraryPage } from '../library/LibraryPage.tsx';
import { QuotationEditorPage } from '../quotations/QuotationEditorPage.tsx';
import { QuotationListPage } from '../quotations/QuotationListPage.tsx';
import { OfferEditorPage } from '../offer/OfferEditorPage.tsx';
import { PolicyEditorPage } from '../policy/PolicyEditorPage.tsx';
import { SellerPage } from '../seller/SellerPage.tsx';
import { TimetablePage } from '../timetable/TimetablePage.tsx';

const relative = (path: string) => path.slice(areaPaths.root.length + 1);

export const contentRoutes: RouteObject[] = [
  { path: relative(areaPaths.quotations), element: <QuotationListPage /> },
  { path: relative(areaPaths.newQuotation), element: <QuotationEditorPage /> },
  { path: relative(areaPaths.quotation(':quotationId')), element: <QuotationEditorPage /> },
  { path: relative(areaPaths.feedback), element: <FeedbackListPage /> },
  { path: relative(areaPaths.newFeedback), element: <FeedbackEditorPage /> },
  { path: relative(areaPaths.feedbackItem(':feedbackId')), element: <FeedbackEditorPage /> },
  { path: relative(areaPaths.library), element: <LibraryPage /> },
  { path: relative(areaPaths.newLibraryItem), element: <LibraryItemEditorPage /> },
  { path: relative(areaPaths.libraryItem(':itemId')), element: <LibraryItemEditorPage /> },
  { path: relative(areaPaths.timetable), element: <TimetablePage /> },
  { path: relative(areaPaths.seller), element: <SellerPage /> },
  { path: relative(areaPaths.offer), element: <OfferEditorPage /> },
  { path: relative(areaPaths.policy), element: <PolicyEditorPage /> },
  { path: relative(areaPaths.authorPage), element: <AuthorPage /> },
];
