// The recordings' storage in the configuration: a folder under DATA_DIR by default, S3 only with all five of its
// variables (a start error naming the first missing one otherwise), the secret key never echoed.
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from '../src/app.ts';
import { ConfigError, loadConfig } from '../src/config.ts';

const BASE = { JWT_SECRET: 'x'.repeat(40), DATA_DIR: '/srv/courses' };
const S3 = {
  RECORDINGS_STORAGE: 's3',
  S3_ENDPOINT: 'https://storage.yandexcloud.net/',
  S3_BUCKET: 'course-recordings',
  S3_ACCESS_KEY_ID: 'YCAJE-key-id',
  S3_SECRET_ACCESS_KEY: 'very-secret-value',
  S3_REGION: 'ru-central1',
};

function configError(env: NodeJS.ProcessEnv): ConfigError {
  try {
    loadConfig({ ...BASE, ...env }, os.tmpdir());
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error('loadConfig accepted the environment');
}

describe('recordings storage settings', () => {
  it('keeps recordings in DATA_DIR/recordings by default, whatever S3 variables are set', () => {
    expect(loadConfig(BASE, os.tmpdir()).recordings).toEqual({ kind: 'fs', dir: path.join('/srv/courses', 'recordings') });
    expect(loadConfig({ ...BASE, ...S3, RECORDINGS_STORAGE: 'fs' }, os.tmpdir()).recordings.kind).toBe('fs');
  });

  it('reads the five S3 variables with RECORDINGS_STORAGE=s3', () => {
    expect(loadConfig({ ...BASE, ...S3 }, os.tmpdir()).recordings).toEqual({
      kind: 's3',
      endpoint: 'https://storage.yandexcloud.net',
      bucket: 'course-recordings',
      accessKeyId: 'YCAJE-key-id',
      secretAccessKey: 'very-secret-value',
      region: 'ru-central1',
    });
  });

  it.each(['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_REGION'])('refuses s3 without %s, in one line naming it', (variable) => {
    const error = configError({ ...S3, [variable]: '' });
    expect(error.variable).toBe(variable);
    expect(error.message).toBe(
      `Invalid configuration: ${variable} must be set with RECORDINGS_STORAGE=s3, as S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY and S3_REGION all must (missing: ${variable})`,
    );
  });

  it('names every missing S3 variable', () => {
    expect(configError({ RECORDINGS_STORAGE: 's3', S3_BUCKET: 'b-1' }).message).toMatch(/^Invalid configuration: S3_ENDPOINT .*\(missing: S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_REGION\)$/);
  });

  it.each([
    [{ RECORDINGS_STORAGE: 'disk' }, 'RECORDINGS_STORAGE'],
    [{ ...S3, S3_ENDPOINT: 'storage.yandexcloud.net' }, 'S3_ENDPOINT'],
    [{ ...S3, S3_BUCKET: 'Bad_Bucket' }, 'S3_BUCKET'],
    [{ ...S3, S3_REGION: 'ru central' }, 'S3_REGION'],
  ])('names the wrong variable: %o', (env, variable) => {
    const error = configError(env);
    expect(error.variable).toBe(variable);
    expect(error.message).not.toContain('\n');
  });

  it('never repeats the secret key', () => {
    expect(new ConfigError('S3_SECRET_ACCESS_KEY', 'is wrong', 'very-secret-value').message).not.toContain('very-secret-value');
  });
});

describe('the pages\' Content-Security-Policy and the recordings', () => {
  it('lets the player and its poster follow a recording\'s address to the S3 store, and to nothing else', () => {
    const fs = contentSecurityPolicy(loadConfig(BASE, os.tmpdir())).directives;
    expect(fs.mediaSrc).toEqual(["'self'"]);
    const s3 = contentSecurityPolicy(loadConfig({ ...BASE, ...S3, S3_ENDPOINT: 'http://127.0.0.1:9000/' }, os.tmpdir())).directives;
    expect(s3.mediaSrc).toEqual(["'self'", 'http://127.0.0.1:9000']);
    expect(s3.imgSrc).toContain('http://127.0.0.1:9000');
  });
});
