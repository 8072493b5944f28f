import { takenText } from '../../src/mutabo/participants/participantText.ts';

describe('the places of a lesson in the participants table', () => {
  it('shows the places taken of the course’s places', () => {
    expect(takenText({ taken: 2, limit: 10 })).toBe('2 из 10');
    expect(takenText({ taken: 10, limit: 10 })).toBe('10 из 10');
  });

  it('says a course with 0 places has none, as the server treats it (everyone who joins waits), not «no limit»', () => {
    expect(takenText({ taken: 0, limit: 0 })).toBe('0 из 0 — мест нет');
    expect(takenText({ taken: 1, limit: 0 })).toBe('1 из 0 — мест нет');
  });
});
