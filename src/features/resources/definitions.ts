// Every cached resource: its name, how it is fetched, and whether it belongs to the user.
import * as api from '../../api/endpoints.ts';

/** The fetchers, keyed by resource name; an argument selects one item or page. */
export const resourceFetchers = {
  authors: () => api.getAuthors(),
  courses: () => api.getCourses(),
  course: (id: number) => api.getCourse(id),
  lessons: (courseId: number) => api.getLessons(courseId),
  feedbackPage: (page: number) => api.getFeedbackPage(page),
  quotations: () => api.getQuotations(),
  libraryItems: (query: string) => {
    const params = new URLSearchParams(query);
    const ids = (name: string) => params.get(name)?.split(',').map(Number);
    return api.getLibraryItems({
      page: Number(params.get('page') ?? 1),
      limit: params.has('limit') ? Number(params.get('limit')) : undefined,
      categories: ids('categories'),
      courses: ids('courses'),
    });
  },
  libraryCategories: () => api.getLibraryCategories(),
  dictionaries: () => api.getDictionaries(),
  timetable: () => api.getTimetable(),
  seller: () => api.getSeller(),
  offer: () => api.getOffer(),
  policy: () => api.getPolicy(),
  upcomingLessons: () => api.getUpcomingLessons(),
  me: () => api.getUser('me'),
  disciple: (id: number) => api.getDisciple(id),
  participants: () => api.getParticipants(),
  currentPayment: () => api.getCurrentPayment(),
} as const;

export type ResourceName = keyof typeof resourceFetchers;
export type ResourceArg<N extends ResourceName> = Parameters<(typeof resourceFetchers)[N]>[0];
export type ResourceData<N extends ResourceName> = Awaited<ReturnType<(typeof resourceFetchers)[N]>>;

/** The cache key of one resource: `courses`, `course:5`, `feedbackPage:2`. */
export function resourceKey(name: ResourceName, arg?: unknown): string {
  return arg === undefined ? name : `${name}:${String(arg)}`;
}

export function resourceNameOf(key: string): string {
  const colon = key.indexOf(':');
  return colon === -1 ? key : key.slice(0, colon);
}
