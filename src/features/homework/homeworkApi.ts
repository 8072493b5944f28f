// The participant's homework calls (issue 35, common/homework.ts): the assignment with their thread of answers, a new
// answer (a draft or sent at once) and a change to the open one, as multipart with the files.
import { request } from '../../api/client.ts';
import { homeworkAnswerApiPath, homeworkAnswersApiPath, homeworkApiPath, type HomeworkAnswer, type LessonHomework } from '../../../common/homework.ts';

export const getLessonHomework = (lessonId: number) => request<LessonHomework>(homeworkApiPath(lessonId));

export interface AnswerWrite {
  text: string;
  /** Files to add. */
  files: readonly File[];
  /** Files of the open answer to take away (a change only). */
  removeFiles?: readonly number[];
  /** True sends the answer; false keeps it as a draft. */
  submit: boolean;
}

function answerForm({ text, files, removeFiles = [], submit }: AnswerWrite): FormData {
  const form = new FormData();
  form.append('text', text);
  for (const file of files) form.append('files', file, file.name);
  for (const id of removeFiles) form.append('removeFiles', String(id));
  form.append('submit', submit ? 'true' : 'false');
  return form;
}

/** `POST …/homework/answers/`: a new answer; told of the upload's progress when it carries files. */
export const createHomeworkAnswer = (lessonId: number, write: AnswerWrite, onUploadProgress?: (fraction: number) => void) =>
  request<HomeworkAnswer>(homeworkAnswersApiPath(lessonId), { method: 'POST', body: answerForm(write), onUploadProgress });

/** `PATCH /api/v1/homework/answers/{id}/`: the open answer's text replaced, files added or taken away, a draft sent. */
export const updateHomeworkAnswer = (answerId: number, write: AnswerWrite, onUploadProgress?: (fraction: number) => void) =>
  request<HomeworkAnswer>(homeworkAnswerApiPath(answerId), { method: 'PATCH', body: answerForm(write), onUploadProgress });
