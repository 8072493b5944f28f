// tus's record of an upload (its length and metadata, written once when it is created, in a .json beside its file)
// kept in memory too. Every PATCH reads it, and reading a file is four trips to Node's thread pool; on an idle
// machine each trip waits for a thread to wake (about a millisecond here), and the upload's every PATCH waits for them.
// A record another process wrote is read from its file (DATA_DIR is what processes share); one deleted elsewhere is
// found missing by the stat of the upload's file that tus makes next.
import type { KvStore, Upload } from '@tus/utils';

/** At most this many records are kept in memory (the oldest go first); the files keep them all. */
const REMEMBERED = 1000;

export class CachedUploadInfo implements KvStore<Upload> {
  private readonly memory = new Map<string, Upload>();

  constructor(private readonly files: KvStore<Upload>) {}

  async get(key: string): Promise<Upload | undefined> {
    const remembered = this.memory.get(key);
    if (remembered) return copy(remembered);
    const read = await this.files.get(key);
    if (read) this.remember(key, read);
    return read;
  }

  async set(key: string, value: Upload): Promise<void> {
    await this.files.set(key, value);
    this.remember(key, value);
  }

  async delete(key: string): Promise<void> {
    this.memory.delete(key);
    await this.files.delete(key);
  }

  async list(): Promise<string[]> {
    return this.files.list ? this.files.list() : [...this.memory.keys()];
  }

  private remember(key: string, value: Upload): void {
    this.memory.delete(key);
    this.memory.set(key, copy(value));
    if (this.memory.size > REMEMBERED) this.memory.delete(this.memory.keys().next().value!);
  }
}

/** As the file would give it back: a caller that changes what it got (tus adds `storage`) changes no one else's. */
const copy = (upload: Upload): Upload => JSON.parse(JSON.stringify(upload)) as Upload;
