// The signed-in person's course list (GET /api/v1/participants/, resource `participants`), kept fresh: asked for once
// and again when a news switch flags it, and when a room or recording link of an approved lesson should appear or go
// (common/lessonSchedule.ts), so the server's answer carries it. Used by «Мои курсы» and the bar of the lesson about
// to start (on every page): they share the one cached list.
import { useEffect, useState } from 'react';
import { nextLinkChange } from '../../../common/lessonSchedule.ts';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { resourceKey } from '../../data/resource.ts';
import { selectResource } from '../../data/selectors.ts';
import { ensureResource, resourcesInvalidated } from '../../data/cache.ts';

/** setTimeout takes at most about 24.8 days; a day is plenty, a page is rarely open longer. */
const MAX_WAIT_MS = 86_400_000;

export function useMyCourses() {
  const dispatch = useAppDispatch();
  const participants = useAppSelector((state) => selectResource(state, 'participants'));
  const invalid = useAppSelector((state) => state.resources[resourceKey('participants')]?.invalid === true);

  useEffect(() => {
    dispatch(ensureResource('participants'));
  }, [dispatch, invalid]);

  const rows = participants.data;
  useEffect(() => {
    const approved = (rows ?? []).flatMap((row) => row.lessons.filter((lesson) => lesson.participationState === 'approved'));
    const now = Date.now();
    const next = nextLinkChange(approved, now);
    if (!Number.isFinite(next)) return;
    // A second late, so that the server's window has surely moved.
    const timer = setTimeout(() => dispatch(resourcesInvalidated(['participants'])), Math.min(MAX_WAIT_MS, next - now + 1000));
    return () => clearTimeout(timer);
  }, [dispatch, rows]);

  return participants;
}

/** The clock, read again every `everyMs` while `active`: the minutes left to a lesson count down on screen. */
export function useNow(everyMs: number, active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    // Read at once when it becomes active (the list has just come), then every `everyMs`.
    const first = setTimeout(() => setNow(Date.now()), 0);
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [everyMs, active]);
  return now;
}
