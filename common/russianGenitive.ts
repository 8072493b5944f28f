// A person's name in the genitive case («Курс Анны Мельниковой»), by the common rules of Russian first names
// and surnames. A first guess for a new author: unusual names are corrected by hand afterwards.

/** First names ending in -а/-я that belong to men. */
const MALE_NAMES_IN_A = new Set([
  'никита',
  'илья',
  'фома',
  'лука',
  'кузьма',
  'савва',
  'данила',
  'гаврила',
  'фока',
  'миша',
  'паша',
  'ваня',
  'коля',
  'петя',
  'дима',
  'толя',
  'вова',
  'лёша',
  'алёша',
  'гоша',
  'серёжа',
  'федя',
  'костя',
  'юра',
  'боря',
]);

/** Women's first names ending in a soft sign (the rest are men's: Игорь, Игоря). */
const FEMALE_NAMES_IN_SOFT_SIGN = new Set(['любовь', 'нинель', 'рахиль', 'эсфирь', 'юдифь']);

/** Men's first names that lose a vowel when declined. */
const FIRST_NAME_EXCEPTIONS = new Map([
  ['павел', 'павла'],
  ['лев', 'льва'],
  ['пётр', 'петра'],
  ['петр', 'петра'],
]);

const FEMALE_SURNAME = /(ов|ев|ёв|ин|ын)а$|ая$/;
const MALE_SURNAME = /(ов|ев|ёв|ин|ын)$|(ий|ый|ой)$/;
const CYRILLIC = /^[а-яё]+$/;

type Gender = 'female' | 'male';

/** «Анна», «Мельникова» → «Анны Мельниковой». Parts outside the Cyrillic alphabet are left as they are. */
export function genitiveOfName(firstName: string, lastName: string): string {
  const gender = guessGender(firstName.trim(), lastName.trim());
  const first = declineParts(firstName.trim(), (word) => declineFirstName(word, gender));
  const last = declineParts(lastName.trim(), (word) => declineSurname(word, gender));
  return [first, last].filter(Boolean).join(' ');
}

function guessGender(firstName: string, lastName: string): Gender {
  const surname = lastName.toLowerCase().split(/[\s-]+/).at(-1) ?? '';
  if (FEMALE_SURNAME.test(surname)) return 'female';
  if (MALE_SURNAME.test(surname)) return 'male';
  const name = firstName.toLowerCase().split(/[\s-]+/)[0] ?? '';
  if (FEMALE_NAMES_IN_SOFT_SIGN.has(name)) return 'female';
  return /[ая]$/.test(name) && !MALE_NAMES_IN_A.has(name) ? 'female' : 'male';
}

/** Declines each word of a double name («Римский-Корсаков», «Анна-Мария») on its own. */
function declineParts(text: string, decline: (word: string) => string): string {
  return text.replace(/[^\s-]+/g, (word) => (CYRILLIC.test(word.toLowerCase()) ? decline(word) : word));
}

/** The word with its last `drop` letters replaced by `ending`, keeping the case of the first letter. */
function replaceEnd(word: string, drop: number, ending: string): string {
  return word.slice(0, word.length - drop) + ending;
}

/** -а → -ы, or -и after г, к, х, ж, ш, щ, ч (spelling rule). */
function aEnding(word: string): string {
  return replaceEnd(word, 1, /[гкхжшщч]а$/i.test(word) ? 'и' : 'ы');
}

function declineFirstName(word: string, gender: Gender): string {
  const lower = word.toLowerCase();
  const exception = FIRST_NAME_EXCEPTIONS.get(lower);
  if (exception) return word[0] + exception.slice(1);
  if (lower.endsWith('я')) return replaceEnd(word, 1, 'и');
  if (lower.endsWith('а')) return aEnding(word);
  if (gender === 'female') return lower.endsWith('ь') ? replaceEnd(word, 1, 'и') : word;
  if (/[ьй]$/.test(lower)) return replaceEnd(word, 1, 'я');
  if (/[бвгджзклмнпрстфхцчшщ]$/.test(lower)) return `${word}а`;
  return word;
}

function declineSurname(word: string, gender: Gender): string {
  const lower = word.toLowerCase();
  if (/(ых|их)$/.test(lower)) return word;
  if (gender === 'female') {
    if (/(ов|ев|ёв|ин|ын)а$/.test(lower)) return replaceEnd(word, 1, 'ой');
    if (/[жшщч]ая$/.test(lower)) return replaceEnd(word, 2, 'ей');
    if (lower.endsWith('ая')) return replaceEnd(word, 2, 'ой');
    if (lower.endsWith('яя')) return replaceEnd(word, 2, 'ей');
    if (lower.endsWith('я')) return replaceEnd(word, 1, 'и');
    if (lower.endsWith('а')) return aEnding(word);
    return word;
  }
  if (/[кгх]ий$/.test(lower) || /(ый|ой)$/.test(lower)) return replaceEnd(word, 2, 'ого');
  if (lower.endsWith('ий')) return replaceEnd(word, 2, 'его');
  if (/[ьй]$/.test(lower)) return replaceEnd(word, 1, 'я');
  if (lower.endsWith('я')) return replaceEnd(word, 1, 'и');
  if (lower.endsWith('а')) return aEnding(word);
  if (/[бвгджзклмнпрстфхцчшщ]$/.test(lower)) return `${word}а`;
  return word;
}
