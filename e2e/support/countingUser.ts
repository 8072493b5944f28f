// A journey's user that counts every click, tap, typed field, box ticked and option chosen, for the journeys that
// hold the authors' area to a budget of actions.
import type { Locator } from 'playwright-core';

export function countingUser() {
  let count = 0;
  return {
    get count() {
      return count;
    },
    click: async (target: Locator) => {
      count += 1;
      await target.click();
    },
    fill: async (target: Locator, value: string) => {
      count += 1;
      await target.fill(value);
    },
    check: async (target: Locator) => {
      count += 1;
      await target.check();
    },
    selectOption: async (target: Locator, value: string) => {
      count += 1;
      await target.selectOption(value);
    },
  };
}
