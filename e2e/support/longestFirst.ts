// The journeys' order: the longest files first, so that no worker is left alone with a long file at the end.
// Vitest orders by the durations of the last run where it has them (node_modules/.vite/vitest) and otherwise by file
// size, which on a fresh clone (CI) started routes.test.ts (56 s, small for what it does) last: the other workers then
// sat idle for most of a minute. The list only breaks ties in Vitest's favour when it is out of date: a file not named
// here keeps Vitest's place for it, after the named ones.
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The journeys that start a server of their own go first: starting one (a demo database made and seeded) takes both
 * cores for several seconds, and at the end of the run, beside short journeys on the shared servers, it made their
 * page loads pass 30 s (mutaboNewAuthor, mutaboPhone failed so in three runs of 2026-11-29). Then the longest journeys
 * (docs/BENCHMARKS.md, «The test run»), longest first.
 */
const OWN_SERVER = ['telegram', 'reminders', 'attendance', 'yookassaReceipt'];
const LONGEST = [...OWN_SERVER, 'firstUse', 'enrollment', 'mutaboPart2', 'routes', 'mutabo', 'reviewsAndAbout', 'mutaboContent', 'mutaboSummaryPeople'];

const rank = (spec: TestSpecification) => {
  const name = spec.moduleId.replace(/^.*[\\/]/, '').replace(/\.test\.ts$/, '');
  const index = LONGEST.indexOf(name);
  return index === -1 ? LONGEST.length : index;
};

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    // Array.prototype.sort is stable: the files not named keep Vitest's order among themselves.
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}
