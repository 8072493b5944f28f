// The site's cached resources that show courses: refetched after any change made in the area.
import type { ResourceName } from '../features/resources/definitions.ts';

export const COURSE_RESOURCES: ResourceName[] = ['courses', 'course', 'lessons'];

/** The site's cached resources of the shared content, refetched after a change made in the area. */
export const QUOTATION_RESOURCES: ResourceName[] = ['quotations'];
export const FEEDBACK_RESOURCES: ResourceName[] = ['feedbackPage'];
export const LIBRARY_RESOURCES: ResourceName[] = ['libraryItems', 'libraryCategories'];
export const TIMETABLE_RESOURCES: ResourceName[] = ['timetable'];
export const SELLER_RESOURCES: ResourceName[] = ['seller'];
export const OFFER_RESOURCES: ResourceName[] = ['offer'];
export const POLICY_RESOURCES: ResourceName[] = ['policy'];
export const AUTHOR_RESOURCES: ResourceName[] = ['authors', 'courses', 'course'];
