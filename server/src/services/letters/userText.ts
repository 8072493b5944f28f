// User-provided text inside an official letter: shown as written, but never as a link.
//
// Mail clients turn anything that looks like an address (`https://…`, `www.…`, `evil.example/login`, `a@b.example`)
// into a link, in the plain-text part as well as in the HTML part. A name such as «Срочно: https://evil.example/login»
// would then be a clickable link in a letter signed by the operator. So every word of user text that looks like an
// address is defanged the way security notices write them: `https[:]//evil[.]example/login`. Words without a dot or
// a scheme (ordinary names, «А.С.» initials) are left alone.

/** A word with a scheme, `www.`, an @, or a dotted name ending in two or more letters (a domain). */
const ADDRESS_LIKE = /[\p{L}\p{N}+.-]*:\/\/|www\.|@|[\p{L}\p{N}_-]\.[\p{L}]{2,}/iu;

/** The text with every address-like word defanged: `://` as `[:]//`, dots as `[.]`. */
export function userText(value: string): string {
  return value
    .split(/(\s+)/u)
    .map((word) => (ADDRESS_LIKE.test(word) ? word.replace(/:\/\//g, '[:]//').replace(/\./g, '[.]') : word))
    .join('');
}
