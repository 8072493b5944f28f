// Every cached resource: its name, how it is fetched, and what of the site it shows (the names the area's writes
// refetch it by).
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

/**
 * What the site shows, by the names the cache is refetched under: the area's writes name what they changed
 * ('courses' after a course or its lessons changed, 'authors' after an author's page), the account's own data is
 * 'account', and what no one edits on the site is 'reference'.
 */
export type SiteContent =
  | 'courses'
  | 'authors'
  | 'quotations'
  | 'feedback'
  | 'library'
  | 'timetable'
  | 'seller'
  | 'offer'
  | 'policy'
  | 'account'
  | 'reference';

/** Every cached resource with what it shows: a new resource gets its names here, or the store's tests fail. */
export const resourceContent: Record<ResourceName, readonly SiteContent[]> = {
  authors: ['authors'],
  courses: ['courses', 'authors'],
  course: ['courses', 'authors'],
  lessons: ['courses'],
  feedbackPage: ['feedback'],
  quotations: ['quotations'],
  libraryItems: ['library'],
  libraryCategories: ['library'],
  dictionaries: ['reference'],
  timetable: ['timetable'],
  seller: ['seller'],
  offer: ['offer'],
  policy: ['policy'],
  upcomingLessons: ['account'],
  me: ['account'],
  disciple: ['account'],
  participants: ['account'],
  currentPayment: ['account'],
};

/** The resources that show the given content: what a change of it makes the site read again. */
export function resourcesShowing(content: SiteContent): ResourceName[] {
  return (Object.keys(resourceContent) as ResourceName[]).filter((name) => resourceContent[name].includes(content));
}
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
