// An S3-compatible server for the recordings' tests (@20minutes/s3rver), on a free loopback port with its own folder,
// holding one empty bucket. stop() closes it and removes the folder: nothing is left running or on disk.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from '@20minutes/s3rver';
import type { RecordingsStorageSettings } from '../src/config.ts';
import { freePort } from './freePort.ts';

export interface S3StandIn {
  settings: Extract<RecordingsStorageSettings, { kind: 's3' }>;
  stop(): Promise<void>;
}

export async function startS3StandIn(bucket = 'recordings'): Promise<S3StandIn> {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'webinar-courses-s3-'));
  const port = await freePort();
  const server = new S3rver({ address: '127.0.0.1', port, directory, silent: true, configureBuckets: [{ name: bucket }] });
  await server.run();
  return {
    // s3rver's fixed credentials.
    settings: { kind: 's3', endpoint: `http://127.0.0.1:${port}`, bucket, accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', region: 'us-east-1' },
    async stop() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
