// The authors' homework calls (issue 35, common/homework.ts): the review queue, one answer with its thread (reading
// it marks it seen), the decision, and the numbers per assignment.
import { request } from '../../api/client.ts';
import {
  HOMEWORK_QUEUE_API_PATH,
  HOMEWORK_STATS_API_PATH,
  homeworkDecisionApiPath,
  mutaboHomeworkAnswerApiPath,
  type HomeworkAnswerDetail,
  type HomeworkAnswerState,
  type HomeworkAssignmentStats,
  type HomeworkDecisionBody,
  type HomeworkQueuePage,
} from '../../../common/homework.ts';

export interface HomeworkQueueQuery {
  course?: number;
  /** Absent for every state. */
  state?: HomeworkAnswerState;
  page: number;
}

export const listHomeworkQueue = ({ course, state, page }: HomeworkQueueQuery) =>
  request<HomeworkQueuePage>(HOMEWORK_QUEUE_API_PATH, { query: { course, state, page: page > 1 ? page : undefined } });

export const getHomeworkAnswer = (answerId: number) => request<HomeworkAnswerDetail>(mutaboHomeworkAnswerApiPath(answerId));

export const decideHomeworkAnswer = (answerId: number, body: HomeworkDecisionBody) =>
  request<HomeworkAnswerDetail>(homeworkDecisionApiPath(answerId), { method: 'POST', body });

export const listHomeworkStats = (course?: number) => request<HomeworkAssignmentStats[]>(HOMEWORK_STATS_API_PATH, { query: { course } });
