// The site's cached resources the area's writes make it read again, taken by the names the resource cache owns
// (resourceContent in src/features/resources/definitions.ts): a resource tagged there is refetched here too.
import { resourcesShowing } from '../features/resources/definitions.ts';

export const COURSE_RESOURCES = resourcesShowing('courses');
export const QUOTATION_RESOURCES = resourcesShowing('quotations');
export const FEEDBACK_RESOURCES = resourcesShowing('feedback');
export const LIBRARY_RESOURCES = resourcesShowing('library');
export const TIMETABLE_RESOURCES = resourcesShowing('timetable');
export const SELLER_RESOURCES = resourcesShowing('seller');
export const OFFER_RESOURCES = resourcesShowing('offer');
export const POLICY_RESOURCES = resourcesShowing('policy');
export const AUTHOR_RESOURCES = resourcesShowing('authors');
