// The sizes of recordings' files in a folder, remembered for a second. Every range a player asks for is checked
// against the file (is it there, how long is it), and `stat` through Node's thread pool costs about 0.1 ms of the
// process's time and two wake-ups between threads, for an answer that cannot change: a file's name carries its
// recording's generation, and a replacement gets a new name. Only its being there can change, when the recording is
// hidden or replaced: the file is removed, and from then on no byte of it is served whatever this cache says
// (nginx, or the process's own read, finds nothing and answers 404). What this process removes it forgets at once;
// what another process removes is found missing within FILE_SIZE_LIFE_MS. Misses and failures are not remembered.

/** How long a size is trusted. */
export const FILE_SIZE_LIFE_MS = 1000;
/** At most this many files are remembered (the oldest go first). */
const REMEMBERED = 1000;

export interface FileSizeCache {
  /** The file's size, or null when it is not there: a remembered one, or the one `stat` gives (shared by callers). */
  size(file: string): Promise<number | null>;
  /** Forgets the file, after this process has removed or replaced it. */
  forget(file: string): void;
}

export function createFileSizeCache(statFile: (file: string) => Promise<number | null>, now: () => number = () => performance.now()): FileSizeCache {
  const remembered = new Map<string, { at: number; size: Promise<number | null> }>();
  const drop = (file: string, size: Promise<number | null>) => {
    if (remembered.get(file)?.size === size) remembered.delete(file);
  };
  return {
    size(file) {
      const at = now();
      const entry = remembered.get(file);
      if (entry && at - entry.at < FILE_SIZE_LIFE_MS) return entry.size;
      const size = statFile(file);
      remembered.delete(file);
      remembered.set(file, { at, size });
      if (remembered.size > REMEMBERED) remembered.delete(remembered.keys().next().value!);
      size.then(
        (found) => {
          if (found === null) drop(file, size);
        },
        () => drop(file, size),
      );
      return size;
    },
    forget(file) {
      remembered.delete(file);
    },
  };
}
