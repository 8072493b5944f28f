// The public site's resources: their names, how each is fetched, and the tags naming what of the site it shows (what
// a write invalidates it by). Registered with the cache when this module loads, in the first bundle.
import * as api from '../api/endpoints.ts';
import { defineResource, type ResourceDefinition, type SiteTag } from './resource.ts';

/** The fetchers, keyed by resource name; an argument selects one item or page. */
const siteFetchers = {
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

export type ResourceName = keyof typeof siteFetchers;
export type ResourceArg<N extends ResourceName> = Parameters<(typeof siteFetchers)[N]>[0];
export type ResourceData<N extends ResourceName> = Awaited<ReturnType<(typeof siteFetchers)[N]>>;

/** What each resource shows: a new resource gets its tags here, or this does not compile. */
const siteTags: Record<ResourceName, readonly SiteTag[]> = {
  authors: ['authors'],
  // A course and the list show the visitor's participation and subscription too.
  courses: ['courses', 'authors', 'enrollment'],
  course: ['courses', 'authors', 'enrollment'],
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
  me: ['account', 'profile'],
  disciple: ['account', 'profile'],
  participants: ['account', 'enrollment'],
  currentPayment: ['account', 'payment'],
};

export const siteResources = Object.fromEntries(
  (Object.keys(siteFetchers) as ResourceName[]).map((name) => [
    name,
    defineResource(name, siteFetchers[name] as (arg: never) => Promise<unknown>, siteTags[name]),
  ]),
) as { [N in ResourceName]: ResourceDefinition<ResourceArg<N>, ResourceData<N>> };
