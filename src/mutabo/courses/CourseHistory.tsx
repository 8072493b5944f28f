// The course's history in the editor: who changed what, and when, newest first; read again after every change.
import { useCallback } from 'react';
import { getCourseHistory } from '../api.ts';
import { useResource } from '../../data/useResource.ts';
import { areaResources } from '../areaResources.ts';
import { HistoryPanel } from '../shell/HistoryPanel.tsx';
import { describeHistoryEntry } from './historyText.ts';

export function CourseHistory({ courseId, version }: { courseId: number; version: number }) {
  const readPage = useCallback((page: number) => (void version, getCourseHistory(courseId, page)), [courseId, version]);
  const first = useResource(areaResources.courseHistory, { courseId, version });
  return <HistoryPanel titleId="course-history-title" first={first} readPage={readPage} describe={describeHistoryEntry} />;
}
