/** @jest-environment node */
/**
 * The S3 backend of the media storage (lib/server/media/s3-storage.ts, chosen by
 * lib/server/media/storage.ts when MEDIA_S3_BUCKET is set) against a fake S3 server that checks
 * every request's SigV4 signature (__tests__/helpers/fake-s3.ts): a round trip stores what was put
 * with its type and caching, under the prefix; a missing object reads as null and removes without
 * error; refused credentials, a bucket that does not exist, a failing, hanging or stopped server
 * each throw a MediaStorageError (503 when the storage may come back, 500 for a configuration to
 * fix), logged by class without the key. A passing failure is retried.
 */
import { Writable } from 'node:stream';
import pino from 'pino';
import { getConfig } from '@/lib/server/config';
import { describeError } from '@/lib/server/http/errors';
import { checkMediaStorage, mediaStorage, newMediaKey, newProductPictureStem, productPictureKey } from '@/lib/server/media/storage';
import { closeS3Clients, MEDIA_UNAVAILABLE_MESSAGE, MediaStorageError, s3Storage, S3_TUNING } from '@/lib/server/media/s3-storage';
import { startFakeS3, type FakeS3 } from '../../../helpers/fake-s3';

let s3: FakeS3;
let logged: string[] = [];
const shared = globalThis as { __shopLog?: pino.Logger };
let previousLog: pino.Logger | undefined;
const bytes = (text: string) => Buffer.from(`RIFF${text}WEBP`);

beforeAll(async () => {
  s3 = await startFakeS3();
  // The process's logger, writing where the test can read it (it is silent under tests otherwise).
  previousLog = shared.__shopLog;
  shared.__shopLog = pino(
    { level: 'info' },
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        logged.push(chunk.toString());
        done();
      },
    }),
  );
});

beforeEach(() => {
  logged = [];
  s3.failAll(null);
});

afterAll(async () => {
  shared.__shopLog = previousLog;
  getConfig().mediaS3 = undefined;
  closeS3Clients();
  await s3.stop();
});

/** A fast tuning for failure paths, so that a test does not wait for the real timeouts. */
const quick = { connectionTimeoutMs: 500, requestTimeoutMs: 500, maxAttempts: 2 };

/** What a rejected promise threw. */
async function thrown(promise: Promise<unknown>): Promise<MediaStorageError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(MediaStorageError);
  return error as MediaStorageError;
}

describe('Success', () => {
  it('stores, reads and removes a delivery photo and a product picture, each under the prefix with its type and caching', async () => {
    getConfig().mediaS3 = s3.settings('shop/');
    const storage = mediaStorage();
    const photo = newMediaKey('deliveries');
    const width = productPictureKey(newProductPictureStem(), 800);

    await storage.put(photo, bytes('photo'));
    await storage.put(width, bytes('picture'));
    expect(s3.objects.get(`shop/${photo}`)).toEqual({ bytes: bytes('photo'), contentType: 'image/webp', cacheControl: 'private, max-age=31536000, immutable' });
    expect(s3.objects.get(`shop/${width}`)).toEqual({ bytes: bytes('picture'), contentType: 'image/webp', cacheControl: 'public, max-age=31536000, immutable' });

    expect(await storage.get(photo)).toEqual(bytes('photo'));
    expect(await storage.get(width)).toEqual(bytes('picture'));

    await storage.remove(photo);
    expect(s3.objects.has(`shop/${photo}`)).toBe(false);
    expect(await storage.get(photo)).toBeNull();
    expect(await storage.get(width)).toEqual(bytes('picture'));
    // Every request was signed with the configured key pair: the fake checked each signature.
    expect(s3.refused).toEqual([]);
  });

  it('reads a missing object as null and removes one without error', async () => {
    getConfig().mediaS3 = s3.settings();
    const storage = mediaStorage();
    const key = newMediaKey('deliveries');
    expect(await storage.get(key)).toBeNull();
    await expect(storage.remove(key)).resolves.toBeUndefined();
    expect(s3.requests.slice(-2)).toEqual([
      { method: 'GET', key },
      { method: 'DELETE', key },
    ]);
    expect(logged).toEqual([]);
  });

  it('retries a passing failure of the server and succeeds', async () => {
    const storage = s3Storage(s3.settings(), quick);
    const key = newMediaKey('deliveries');
    const before = s3.requests.length;
    s3.failNext(500);
    await storage.put(key, bytes('retried'));
    expect(s3.requests.length - before).toBe(2);
    expect(s3.objects.get(key)?.bytes).toEqual(bytes('retried'));
  });

  it('checks every key before the bucket sees it', async () => {
    getConfig().mediaS3 = s3.settings();
    const storage = mediaStorage();
    const before = s3.requests.length;
    for (const key of ['deliveries/../../etc/passwd', 'products/x.webp', 'other/0123456789abcdef0123456789abcdef.webp', '']) {
      await expect(storage.get(key)).rejects.toThrow('Not a media key');
      await expect(storage.put(key, bytes('x'))).rejects.toThrow('Not a media key');
      await expect(storage.remove(key)).rejects.toThrow('Not a media key');
    }
    expect(s3.requests.length).toBe(before);
  });

  it('says at start-up that the bucket answers', async () => {
    getConfig().mediaS3 = s3.settings();
    expect(await checkMediaStorage()).toBe(true);
    expect(s3.requests.at(-1)).toEqual({ method: 'HEAD', key: '' });
  });

  it('uses the local disk, and checks nothing, when no bucket is configured', async () => {
    getConfig().mediaS3 = undefined;
    const before = s3.requests.length;
    expect(await checkMediaStorage()).toBe(true);
    expect(s3.requests.length).toBe(before);
  });
});

describe('Errors', () => {
  it('refuses a wrong secret: the error names the class, the log line has no key and no secret', async () => {
    const settings = { ...s3.settings(), secretAccessKey: 'not-the-secret-at-all' };
    const key = newMediaKey('deliveries');
    const error = await thrown(s3Storage(settings, quick).put(key, bytes('x')));
    expect(error.status).toBe(500);
    expect(error.logDetail).toBe('S3 put: SignatureDoesNotMatch status=403 attempts=1');
    expect(describeError(error)).toMatch(/^MediaStorageError < S3ServiceException \(S3 put: SignatureDoesNotMatch status=403 attempts=1\) at /);
    expect(s3.refused.at(-1)).toBe('SignatureDoesNotMatch');
    expect(s3.objects.has(key)).toBe(false);

    expect(logged).toHaveLength(1);
    expect(JSON.parse(logged[0]!)).toMatchObject({ level: 40, storage: 's3', operation: 'put', kind: 'deliveries', error: 'SignatureDoesNotMatch', status: 403, msg: 'media storage call failed' });
    const secret = key.slice('deliveries/'.length, -'.webp'.length);
    expect(logged[0]).not.toContain(secret);
    expect(logged[0]).not.toContain('not-the-secret-at-all');
  });

  it('refuses an unknown access key', async () => {
    const error = await thrown(s3Storage({ ...s3.settings(), accessKeyId: 'AKIANOTKNOWNHERE' }, quick).get(newMediaKey('deliveries')));
    expect([error.status, error.logDetail]).toEqual([500, 'S3 get: InvalidAccessKeyId status=403 attempts=1']);
  });

  it('fails on a bucket that does not exist rather than reading it as a missing picture', async () => {
    const error = await thrown(s3Storage({ ...s3.settings(), bucket: 'no-such-bucket' }, quick).get(newMediaKey('deliveries')));
    expect([error.status, error.logDetail]).toEqual([500, 'S3 get: NoSuchBucket status=404 attempts=1']);
    expect(await checkMediaStorageWith({ ...s3.settings(), bucket: 'no-such-bucket' })).toBe(false);
    expect(JSON.parse(logged.at(-1)!)).toMatchObject({ level: 40, bucket: 'no-such-bucket', error: 'NotFound', status: 404 });
  });

  it('answers 503 with Retry-After after the bounded attempts when the server keeps failing', async () => {
    s3.failAll(503);
    const before = s3.requests.length;
    const key = productPictureKey(newProductPictureStem(), 200);
    const error = await thrown(s3Storage(s3.settings(), quick).put(key, bytes('x')));
    expect(s3.requests.length - before).toBe(quick.maxAttempts);
    expect([error.status, error.message, error.headers]).toEqual([503, MEDIA_UNAVAILABLE_MESSAGE, { 'Retry-After': '5' }]);
    expect(error.logDetail).toBe('S3 put: SlowDown status=503 attempts=2');
    expect(JSON.parse(logged[0]!)).toMatchObject({ operation: 'put', kind: 'products', error: 'SlowDown', status: 503, attempts: 2 });
  });

  it('gives up on a server that does not answer within the request timeout', async () => {
    s3.failAll('hang');
    const started = Date.now();
    const error = await thrown(s3Storage(s3.settings(), quick).get(newMediaKey('deliveries')));
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(error.status).toBe(503);
    expect(error.logDetail).toMatch(/^S3 get: TimeoutError/);
  });

  it('throws a MediaStorageError (503) when the server is down, for every call, and the start-up check warns', async () => {
    const gone = await startFakeS3();
    await gone.stop();
    getConfig().mediaS3 = gone.settings();
    const storage = mediaStorage();
    const key = newMediaKey('deliveries');
    for (const call of [storage.put(key, bytes('x')), storage.get(key), storage.remove(key)]) {
      const error = await thrown(call);
      expect([error.status, error.message]).toEqual([503, MEDIA_UNAVAILABLE_MESSAGE]);
      // Under Jest the SDK sees Node's error from another realm and wraps it without its code
      // (ECONNREFUSED, which a real server's log line carries); the attempts are the point here.
      expect(error.logDetail).toMatch(/^S3 (put|get|remove): Error( ECONNREFUSED)? attempts=3$/);
      expect(describeError(error)).toMatch(/^MediaStorageError < Error /);
    }
    expect(await checkMediaStorage()).toBe(false);
    const warning = JSON.parse(logged.at(-1)!) as Record<string, unknown>;
    expect(warning).toMatchObject({ level: 40, storage: 's3', bucket: gone.bucket, error: expect.stringMatching(/^Error( ECONNREFUSED)?$/) });
    expect(String(warning.msg)).toContain('MEDIA_S3_BUCKET');
    expect(logged.join('\n')).not.toContain(gone.secretAccessKey);
    expect(logged.join('\n')).not.toContain(key.slice('deliveries/'.length, -'.webp'.length));
    expect(S3_TUNING.maxAttempts).toBe(3);
  });
});

/** checkMediaStorage() with these settings as the configuration. */
async function checkMediaStorageWith(settings: ReturnType<FakeS3['settings']>): Promise<boolean> {
  const before = getConfig().mediaS3;
  getConfig().mediaS3 = settings;
  try {
    return await checkMediaStorage();
  } finally {
    getConfig().mediaS3 = before;
  }
}
