// The courses an author leads, as a subquery: the authors' area limits its reads to them
// (mutaboParticipantsRepository.ts, discountsRepository.ts). Its own module, so that those two do not import each
// other through paymentsRepository.ts.
import { sql } from 'drizzle-orm';
import { courseAuthors } from '../db/schema.ts';

/** The caller's courses (their ids): every read of the authors' area is limited to them. */
export const ledCourseIds = (authorId: number) => sql`(SELECT ${courseAuthors.courseId} FROM ${courseAuthors} WHERE ${courseAuthors.authorId} = ${authorId})`;
