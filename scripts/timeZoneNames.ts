// `npx tsx scripts/timeZoneNames.ts`: writes common/timeZoneNames.ts, the Russian names of the zones that ICU names
// by a city (CLDR's exemplar cities: «Екатеринбург», «Алматы», «Нью-Йорк»), as Node's full ICU gives them. Browsers
// cannot be asked: Chrome ships these city names in English («Yekaterinburg»), only the country names in Russian.
// A zone named by its country («Германия») is left out: every runtime names countries in Russian.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const target = fileURLToPath(new URL('../common/timeZoneNames.ts', import.meta.url));

function icuName(zone: string): string {
  const parts = new Intl.DateTimeFormat('ru', { timeZone: zone, timeZoneName: 'shortGeneric' }).formatToParts(new Date());
  return parts.find((part) => part.type === 'timeZoneName')?.value ?? '';
}

export function cityNames(): [string, string][] {
  const regions = new Intl.DisplayNames('ru', { type: 'region' });
  const countryNames = new Set<string>();
  for (let first = 65; first <= 90; first++) {
    for (let second = 65; second <= 90; second++) {
      const code = String.fromCharCode(first, second);
      const name = regions.of(code);
      if (name && name !== code) countryNames.add(name);
    }
  }
  return Intl.supportedValuesOf('timeZone')
    .map((zone): [string, string] => [zone, icuName(zone)])
    .filter(([, name]) => name !== '' && !/^(GMT|UTC)/.test(name) && !/[A-Za-z]/.test(name) && !countryNames.has(name));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const lines = cityNames().map(([zone, name]) => `  '${zone}': '${name.replaceAll("'", "\\'")}',`);
  writeFileSync(
    target,
    [
      '// The Russian names of the zones ICU names by a city, made by scripts/timeZoneNames.ts from Node\'s full ICU (CLDR):',
      '// browsers name these cities in English. Do not edit by hand: run the script.',
      'export const TIME_ZONE_CITIES: Readonly<Record<string, string>> = {',
      ...lines,
      '};',
      '',
    ].join('\n'),
  );
  process.stdout.write(`Written ${target}: ${lines.length} zones\n`);
}
