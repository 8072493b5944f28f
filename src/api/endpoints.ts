// One function per call of spec section 7, typed with the wire types.
import { API_URL, LIBRARY_API_URL, LOGIN_PATH, request } from './client.ts';
import type { Policy } from '../../common/policy.ts';
import type { PaymentQuote } from '../../common/discounts.ts';
import type {
  Author,
  CalendarFeed,
  ConfirmationPayload,
  ConfirmationResult,
  CourseDetails,
  CourseShort,
  CurrentPayment,
  Dictionaries,
  Disciple,
  DisciplePatch,
  EmailConfirmationPayload,
  FeedbackPage,
  Lesson,
  LibraryCategory,
  LibraryItem,
  LibraryPage,
  LibraryQuery,
  LoginPayload,
  Offer,
  Paged,
  Participation,
  PasswordResetCompletionPayload,
  PasswordResetPayload,
  PasswordUpdatePayload,
  PaymentCreatePayload,
  PaymentCreated,
  Quotation,
  Seller,
  SignupPayload,
  Timetable,
  TokenPair,
  UpcomingLesson,
  User,
} from '../../common/wireTypes.ts';

/** Lists may come as plain arrays or paginated as `{count, next, results}`. */
function listOf<T>(response: T[] | Paged<T>): T[] {
  return Array.isArray(response) ? response : response.results;
}

export const getAuthors = async () => listOf(await request<Author[] | Paged<Author>>('/api/v1/authors/'));
export const getCourses = async () => listOf(await request<CourseShort[] | Paged<CourseShort>>('/api/v1/courses/'));
export const getCourse = (id: number) => request<CourseDetails>(`/api/v1/courses/${id}/`);
export const subscribeForMailouts = (id: number) =>
  request<Record<string, never>>(`/api/v1/courses/${id}/subscribe-for-mailouts/`, { method: 'POST' });
export const unsubscribeFromMailouts = (id: number) =>
  request<Record<string, never>>(`/api/v1/courses/${id}/unsubscribe-from-mailouts/`, { method: 'POST' });
export const createParticipants = (id: number) =>
  request<CourseDetails>(`/api/v1/courses/${id}/create-participants/`, { method: 'POST' });
export const deleteParticipants = (id: number) =>
  request<Record<string, never>>(`/api/v1/courses/${id}/delete-participants/`, { method: 'DELETE' });

export const getTimetable = () => request<Timetable>('/api/v2/user/pages-content/timetable/');
export const getSeller = () => request<Seller>('/api/v1/seller/');
export const getOffer = () => request<Offer>('/api/v2/user/pages-content/offer/');
export const getPolicy = () => request<Policy>('/api/v2/user/pages-content/policy/');
export const getUpcomingLessons = () => request<UpcomingLesson[]>('/api/v1/lessons/upcoming/');

/** Addresses of the .ics files («Добавить в календарь»): links, not calls. */
export const calendarFileUrl = {
  course: (id: number) => `${API_URL}/api/v1/courses/${id}/calendar.ics`,
  lesson: (id: number) => `${API_URL}/api/v1/lessons/${id}/calendar.ics`,
};
/** The caller's personal calendar feed address (made on first ask); POST makes a new one. */
export const getCalendarFeed = () => request<CalendarFeed>('/api/v1/calendar/feed/');
export const renewCalendarFeed = () => request<CalendarFeed>('/api/v1/calendar/feed/', { method: 'POST' });
export const getDictionaries = () => request<Dictionaries>('/api/v1/dictionaries/');

export const getDisciple = (id: number) => request<Disciple>(`/api/v1/disciples/${id}/`);
export const updateDisciple = (id: number, patch: DisciplePatch) =>
  request<Disciple>(`/api/v1/disciples/${id}/`, { method: 'PATCH', body: patch });

export const getFeedbackPage = (page?: number) => request<FeedbackPage>('/api/v1/feedback/', { query: { page } });
export const getLessons = async (courseId: number) =>
  listOf(await request<Lesson[] | Paged<Lesson>>('/api/v1/lessons/', { query: { course: courseId } }));

export const getLibraryItems = (query: LibraryQuery) =>
  request<LibraryPage>('/api/v1/library-items/', {
    origin: LIBRARY_API_URL,
    query: {
      page: query.page,
      limit: query.limit,
      categories: query.categories?.join(','),
      courses: query.courses?.join(','),
    },
  });
export const getLibraryItem = (id: number) => request<LibraryItem>(`/api/v1/library-items/${id}`, { origin: LIBRARY_API_URL });
export const getLibraryCategories = async () =>
  listOf(
    await request<LibraryCategory[] | Paged<LibraryCategory>>('/api/v1/library-categories/', { origin: LIBRARY_API_URL }),
  );

export const getQuotations = async () => listOf(await request<Quotation[] | Paged<Quotation>>('/api/v1/quotations/'));

export const getParticipants = async () =>
  listOf(await request<Participation[] | Paged<Participation>>('/api/v1/participants/'));
export const deleteParticipant = (id: number) =>
  request<Record<string, never>>(`/api/v1/participants/${id}/`, { method: 'DELETE' });

export const getUser = (id: number | 'me') => request<User>(`/api/v1/users/${id}/`);
/** Answers the same `detail` for a new address and a taken one: the letter says which it was. */
export const signup = (payload: SignupPayload) => request<{ detail: string }>('/api/v1/users/', { method: 'POST', body: payload });
/** The link of the letter sent to a new e-mail address: the address changes when this succeeds. */
export const confirmEmail = (payload: EmailConfirmationPayload) =>
  request<{ detail: string }>('/api/v1/users/email-confirm/', { method: 'POST', body: payload });
export const confirmRegistration = (payload: ConfirmationPayload) =>
  request<ConfirmationResult>('/api/v1/users/registration-confirm/', { method: 'POST', body: payload });
/** Answers new tokens when the server ends earlier sessions on a password change. */
export const updatePassword = (payload: PasswordUpdatePayload) =>
  request<Partial<TokenPair>>('/api/v1/users/update-password/', { method: 'POST', body: payload });
export const resetPassword = (payload: PasswordResetPayload) =>
  request<Record<string, unknown>>('/api/v1/users/reset-password/', { method: 'POST', body: payload });
export const completePasswordReset = (payload: PasswordResetCompletionPayload) =>
  request<Record<string, unknown>>('/api/v1/users/reset-password/complete/', { method: 'POST', body: payload });
export const login = (payload: LoginPayload) => request<TokenPair>(LOGIN_PATH, { method: 'POST', body: payload });

/** A payment's body with the promo code the buyer applied (none when the field is empty). */

export const createPayment = (payload: PaymentCreatePayload) =>
  request<PaymentCreated>('/api/v1/payments/', { method: 'POST', body: payload });
/** What `createPayment` with the same body would charge, with the discount that applies; creates nothing. */
export const quotePayment = (payload: PaymentCreatePayload) =>
  request<PaymentQuote>('/api/v1/payments/quote/', { method: 'POST', body: payload });
export const getCurrentPayment = () => request<CurrentPayment>('/api/v1/payments/current/');
