// Recordings in an S3-compatible store (RECORDINGS_STORAGE=s3): Yandex Object Storage, MinIO, AWS. Uploads go through
// lib-storage's multipart upload (parts of PART_SIZE, QUEUE_SIZE at a time: the memory a put holds), which S3 makes
// visible under the key only when the last part is in; a failed one is aborted, so the key keeps what it had.
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { RecordingsStorageSettings } from '../../config.ts';
import { checkRecordingKey, exactLength, recordingContentType, RecordingMissingError, sourceStream, type ByteSpan, type RecordingSource, type RecordingStorage } from './storage.ts';

const PART_SIZE = 8 * 1024 * 1024;
const QUEUE_SIZE = 2;

type S3Settings = Extract<RecordingsStorageSettings, { kind: 's3' }>;

function isNotFound(error: unknown): boolean {
  return error instanceof S3ServiceException && (error.$metadata.httpStatusCode === 404 || error.name === 'NoSuchKey' || error.name === 'NotFound');
}

export function createS3RecordingStorage(settings: S3Settings): RecordingStorage {
  const client = new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    // Path-style addresses (endpoint/bucket/key) work with every S3-compatible store, virtual hosts not with all.
    forcePathStyle: true,
    // The SDK's default checksums (CRC32 trailers, aws-chunked bodies) are refused by some S3-compatible stores.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const bucket = settings.bucket;

  return {
    kind: 's3',

    async put(key: string, source: RecordingSource): Promise<void> {
      checkRecordingKey(key);
      const { stream, size } = await sourceStream(source);
      const body = exactLength(size);
      const feeding = pipeline(stream, body);
      const upload = new Upload({
        client,
        params: { Bucket: bucket, Key: key, Body: body, ContentType: recordingContentType(key) },
        partSize: PART_SIZE,
        queueSize: QUEUE_SIZE,
        leavePartsOnError: false,
      });
      try {
        await upload.done();
        await feeding;
      } catch (error) {
        stream.destroy();
        body.destroy();
        await feeding.catch(() => {});
        throw error;
      }
    },

    async stat(key: string): Promise<{ size: number } | null> {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: checkRecordingKey(key) }));
        return { size: head.ContentLength ?? 0 };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },

    async read(key: string, span?: ByteSpan): Promise<Readable> {
      try {
        const answer = await client.send(
          new GetObjectCommand({ Bucket: bucket, Key: checkRecordingKey(key), ...(span ? { Range: `bytes=${span.start}-${span.end}` } : {}) }),
        );
        return answer.Body as Readable;
      } catch (error) {
        if (isNotFound(error)) throw new RecordingMissingError(key);
        throw error;
      }
    },

    async delete(key: string): Promise<void> {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: checkRecordingKey(key) }));
    },

    async presignedGet(key: string, lifetimeSeconds: number, cacheControl: string): Promise<string> {
      const command = new GetObjectCommand({ Bucket: bucket, Key: checkRecordingKey(key), ResponseCacheControl: cacheControl });
      return getSignedUrl(client, command, { expiresIn: lifetimeSeconds });
    },

    close() {
      client.destroy();
    },
  };
}
