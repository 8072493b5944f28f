// An answer held back until the test lets it through: a state shown while a request is under way can be checked at
// leisure, however slow the machine (a delay of some milliseconds can pass during one stall of a busy worker).

/** A promise the test settles when it wants the answer to arrive. */
export function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}
