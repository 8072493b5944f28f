// The site's cached resources that show courses: refetched after any change made in the area.
import type { ResourceName } from '../features/resources/definitions.ts';

export const COURSE_RESOURCES: ResourceName[] = ['courses', 'course', 'lessons'];
