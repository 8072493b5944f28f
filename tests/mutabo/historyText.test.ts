import { describeHistoryEntry } from '../../src/mutabo/courses/historyText.ts';
import { historyEntry as entry } from './historyData.ts';

describe('a line of the course history', () => {
  it('names who changed what, with short values as «before → after»', () => {
    const line = describeHistoryEntry(
      entry({
        before: { title: 'Чехов', state: 'draft', description: '{}', version: 1 },
        after: { title: 'Чехов и проза', state: 'can_be_subscribed', description: '{"blocks":[]}', version: 2 },
      }),
    );
    expect(line.who).toBe('Анна Мельникова');
    expect(line.what).toBe('Изменено: название: Чехов → Чехов и проза; состояние: черновик → запись открыта; описание');
    expect(line.when).toMatch(/^\d{2}\.11\.2026, \d{2}:\d{2}$/);
  });

  it('names lessons by their title, without quoting a quotation twice', () => {
    expect(describeHistoryEntry(entry({ entity: 'lesson', action: 'create', after: { title: '«Ионыч»' } })).what).toBe(
      'Добавлено занятие «Ионыч»',
    );
    expect(describeHistoryEntry(entry({ entity: 'lesson', action: 'delete', before: { title: 'Пушкин' } })).what).toBe(
      'Удалено занятие «Пушкин»',
    );
    expect(
      describeHistoryEntry(entry({ entity: 'lesson', before: { title: 'Пушкин', state: 'draft' }, after: { title: 'Пушкин', state: 'published' } })).what,
    ).toBe('Изменено занятие «Пушкин»: состояние: черновик → опубликовано');
  });

  it('names a lesson’s recording uploaded, replaced and deleted, with the file', () => {
    const line = (before: string | null, after: string | null) =>
      describeHistoryEntry(entry({ entity: 'lesson', before: { title: 'Ионыч', recording: before }, after: { title: 'Ионыч', recording: after } })).what;
    expect(line(null, 'лекция.mp4')).toBe('Загружена запись занятия «Ионыч» (лекция.mp4)');
    expect(line('лекция.mp4', 'лекция-2.mp4')).toBe('Заменена запись занятия «Ионыч»: лекция.mp4 → лекция-2.mp4');
    expect(line('лекция.mp4', null)).toBe('Удалена запись занятия «Ионыч» (лекция.mp4)');
  });

  it('says when the author is unknown', () => {
    expect(describeHistoryEntry(entry({ user: null, action: 'create' }))).toMatchObject({ who: 'неизвестно кто', what: 'Курс создан' });
  });

  it('names a rescheduled lesson with its old and new time, and a course moved to another time zone', () => {
    const moved = describeHistoryEntry(
      entry({ entity: 'lesson', before: { title: 'Ионыч', startsAt: null, roomUrl: null }, after: { title: 'Ионыч', startsAt: '2027-02-01T16:00:00Z', roomUrl: 'https://meet.example/r' } }),
    ).what;
    expect(moved).toMatch(/^Изменено занятие «Ионыч»: время занятия: — → \d{2}\.02\.2027, \d{2}:00; ссылка на комнату$/);
    expect(describeHistoryEntry(entry({ before: { timeZone: 'Europe/Moscow' }, after: { timeZone: 'Europe/Berlin' } })).what).toBe('Изменено: часовой пояс: Москва → Германия');
  });

  it('names the authors added to or removed from a course, and who did it', () => {
    const anna = { id: 1, name: 'Анна Мельникова' };
    const boris = { id: 2, name: 'Борис Иванов' };
    const pavel = { id: 3, name: 'Павел Смирнов' };
    const added = describeHistoryEntry(entry({ entity: 'authors', before: { authors: [anna] }, after: { authors: [anna, boris] } }));
    expect(added).toMatchObject({ who: 'Анна Мельникова', what: 'Добавлен автор Борис Иванов' });
    const removed = describeHistoryEntry(entry({ user: { id: 2, name: 'Борис Иванов' }, entity: 'authors', before: { authors: [anna, boris] }, after: { authors: [boris] } }));
    expect(removed).toMatchObject({ who: 'Борис Иванов', what: 'Удалён автор Анна Мельникова' });
    expect(describeHistoryEntry(entry({ entity: 'authors', before: { authors: [anna, boris] }, after: { authors: [anna, pavel] } })).what).toBe(
      'Добавлен автор Павел Смирнов; удалён автор Борис Иванов',
    );
    expect(describeHistoryEntry(entry({ entity: 'authors', before: { authors: [anna] }, after: { authors: [anna, boris, pavel] } })).what).toBe(
      'Добавлены авторы Борис Иванов, Павел Смирнов',
    );
    expect(describeHistoryEntry(entry({ entity: 'authors', before: { authors: [anna, boris] }, after: { authors: [boris, anna] } })).what).toBe('Изменён порядок авторов');
  });
});
