// Countries and time zones for the profile editor, named in Russian by the ICU data of the running Node.
import { timeZoneOptions } from '../../../../common/timeZones.ts';
import type { Dictionaries } from '../../../../common/wireTypes.ts';
import type { Cached, PublicCache } from './publicCache.ts';

/** The officially assigned ISO 3166-1 alpha-2 codes. */
const ISO_COUNTRY_CODES = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ ' +
  'CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR ' +
  'GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO ' +
  'JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR ' +
  'MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO ' +
  'RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV ' +
  'TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'
).split(' ');

export function countries(): [string, string][] {
  const names = new Intl.DisplayNames('ru', { type: 'region', fallback: 'code' });
  const collator = new Intl.Collator('ru');
  return ISO_COUNTRY_CODES.map((code): [string, string] => [code, names.of(code) ?? code]).sort((a, b) => collator.compare(a[1], b[1]));
}

/** [IANA name, «(UTC+03:00) Москва»], by offset then name; offsets as of `at` (summer time moves them). */
export function timezones(at = new Date()): [string, string][] {
  return timeZoneOptions(Intl.supportedValuesOf('timeZone'), at);
}

function buildDictionaries(at = new Date()): Dictionaries {
  return { countries: countries(), timezones: timezones(at) };
}

const HOUR_MS = 60 * 60 * 1000;

export function cachedDictionaries(publicCache: PublicCache): Promise<Cached<Dictionaries>> {
  // Time zone offsets move with summer time: rebuild at least every hour.
  return publicCache.get('dictionaries', async () => ({
    value: buildDictionaries(),
    validUntil: (Math.floor(Date.now() / HOUR_MS) + 1) * HOUR_MS,
  }));
}
