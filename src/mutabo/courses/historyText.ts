// One entry of a course's history as the editor writes it: when, who, what.
import type { HistoryEntry } from '../wire.ts';

const dateTime = new Intl.DateTimeFormat('ru-RU', { dateStyle: 'short', timeStyle: 'short' });

export function describeHistoryEntry(entry: HistoryEntry): { when: string; who: string; what: string } {
  const at = new Date(entry.at);
  return {
    when: Number.isNaN(at.getTime()) ? entry.at : dateTime.format(at),
    who: entry.actor,
    what: entry.summary || entry.action,
  };
}
