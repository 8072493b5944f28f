// An author's grammatical gender, which the letters and pages that speak of the author in the past tense agree with
// («сделала», «сделал»). Set by the author on their page in the area or by `npm run make-author`; '' while unsaid,
// when the words take a form that needs none.
export const AUTHOR_GENDERS = ['female', 'male'] as const;
export type AuthorGender = (typeof AUTHOR_GENDERS)[number] | '';

export const AUTHOR_GENDER_LABELS: Record<AuthorGender, string> = { female: 'женский', male: 'мужской', '': 'не указан' };

/** The words that agree with the gender; `unsaid` must read right for anyone. */
export function byGender(gender: AuthorGender, words: { female: string; male: string; unsaid: string }): string {
  return gender === '' ? words.unsaid : words[gender];
}
