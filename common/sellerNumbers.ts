// The seller's registration numbers and their check digits, the same on the server (the authors' form of the
// seller's details) and on the site (the same form's checks):
// - ИНН: 10 digits for an organisation, 12 for a person (an ИП); the last one (two) are check digits: the weighted
//   sum of the digits before, modulo 11, modulo 10 (the weights of the Federal Tax Service's order);
// - ОГРН (13 digits, an organisation): the first 12 digits as a number modulo 11, modulo 10, is the 13th;
//   ОГРНИП (15 digits, an ИП): the first 14 digits modulo 13, modulo 10, is the 15th.

const INN_10_WEIGHTS = [2, 4, 10, 3, 5, 9, 4, 6, 8];
const INN_11_WEIGHTS = [7, 2, 4, 10, 3, 5, 9, 4, 6, 8];
const INN_12_WEIGHTS = [3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8];

const digitsOf = (value: string) => [...value].map(Number);

function innCheckDigit(digits: number[], weights: number[]): number {
  return (weights.reduce((sum, weight, index) => sum + weight * digits[index]!, 0) % 11) % 10;
}

/** The remainder of a long number (written in digits) modulo a small one, without losing precision. */
function remainder(digits: string, modulus: number): number {
  let rest = 0;
  for (const digit of digits) rest = (rest * 10 + Number(digit)) % modulus;
  return rest;
}

/** An ИНН of 10 digits (an organisation) or 12 (a person, an ИП) whose check digits match. */
export function isValidInn(value: string): boolean {
  if (!/^(\d{10}|\d{12})$/.test(value)) return false;
  const digits = digitsOf(value);
  if (digits.length === 10) return innCheckDigit(digits, INN_10_WEIGHTS) === digits[9];
  return innCheckDigit(digits, INN_11_WEIGHTS) === digits[10] && innCheckDigit(digits, INN_12_WEIGHTS) === digits[11];
}

/** An ОГРН of 13 digits (an organisation) or an ОГРНИП of 15 (an ИП) whose check digit matches. */
export function isValidOgrn(value: string): boolean {
  if (!/^(\d{13}|\d{15})$/.test(value)) return false;
  const body = value.slice(0, -1);
  const check = Number(value.at(-1));
  return remainder(body, value.length === 13 ? 11 : 13) % 10 === check;
}

/** The ИНН and ОГРН of one seller agree: 10 and 13 digits for an organisation, 12 and 15 for an ИП. */
export function innMatchesOgrn(inn: string, ogrn: string): boolean {
  return (inn.length === 10 && ogrn.length === 13) || (inn.length === 12 && ogrn.length === 15);
}
