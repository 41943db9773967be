/**
 * Uploaded pictures in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, Ceph…), so that
 * every instance of the shop stores and serves the same pictures. lib/server/media/storage.ts
 * chooses it when MEDIA_S3_BUCKET is set (and checks every key first); callers see the same
 * `put`/`get`/`remove` as on the local disk.
 *
 * - An object is `<MEDIA_S3_PREFIX><key>`, written with its type (`image/webp`) and a long
 *   `immutable` Cache-Control: keys are random and never rewritten. Delivery photos are marked
 *   `private` there too, should the bucket ever sit behind a CDN; the shop itself never links
 *   to the bucket: its /media routes fetch the bytes and answer them (pages/api/media/**).
 * - A missing object (`NoSuchKey`, or a 404 that is not `NoSuchBucket`) reads as null; removing
 *   one is not an error. The credentials therefore need `s3:ListBucket` on the bucket besides
 *   `s3:GetObject`, `s3:PutObject` and `s3:DeleteObject`: without it S3 answers a missing key
 *   with 403, which reads as a failure.
 * - One S3Client per process (per settings: tests use several), kept on `globalThis` so that Next's
 *   separately bundled routes share it, with connection and request timeouts and at most
 *   S3_TUNING.maxAttempts attempts (the SDK's retry, with its backoff, for network failures,
 *   5xx and throttling).
 * - A failure is logged as one line: the operation, the key's kind (deliveries, products), the
 *   error's class, the HTTP status and the attempts. Never the key (a delivery photo's key is its
 *   link's secret), the endpoint's answer text or the credentials. It is thrown as a
 *   `MediaStorageError`: 503 with Retry-After when the storage did not answer or failed on its
 *   side, 500 otherwise (refused credentials, no such bucket: a configuration to fix).
 */
import { DeleteObjectCommand, GetObjectCommand, HeadBucketCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { Config } from '@/lib/server/config';
import { HttpError } from '@/lib/server/http/errors';
import { log } from '@/lib/server/log';

export type MediaS3Settings = NonNullable<Config['mediaS3']>;

/** How long a call may take and how often it is tried. */
export type S3Tuning = { connectionTimeoutMs: number; requestTimeoutMs: number; maxAttempts: number };

export const S3_TUNING: S3Tuning = { connectionTimeoutMs: 3_000, requestTimeoutMs: 15_000, maxAttempts: 3 };

/** Cache-Control stored with each object: keys are random, so an object never changes. */
const CACHE_CONTROL = {
  products: 'public, max-age=31536000, immutable',
  deliveries: 'private, max-age=31536000, immutable',
} as const;

type Operation = 'put' | 'get' | 'remove' | 'check';

export const MEDIA_UNAVAILABLE_MESSAGE = 'Pictures cannot be stored or read just now. Please try again in a moment.';

/** The SDK's facts about a failed call: HTTP status and attempts made. */
function metadataOf(error: unknown): { status?: number; attempts?: number } {
  const metadata = (error as { $metadata?: { httpStatusCode?: unknown; attempts?: unknown } } | null)?.$metadata;
  return {
    status: typeof metadata?.httpStatusCode === 'number' ? metadata.httpStatusCode : undefined,
    attempts: typeof metadata?.attempts === 'number' ? metadata.attempts : undefined,
  };
}

/** The error's class for a log line: the SDK's error name (`NoSuchBucket`, `TimeoutError`) or a Node code (`ECONNREFUSED`); nothing else of it. */
export function errorClassOf(error: unknown): string {
  const { name, code } = (error ?? {}) as { name?: unknown; code?: unknown };
  const safe = (value: unknown) => (typeof value === 'string' && /^[A-Za-z0-9_.]{1,60}$/.test(value) ? value : undefined);
  const className = safe(name) ?? 'Error';
  const nodeCode = safe(code);
  return nodeCode && nodeCode !== className ? `${className} ${nodeCode}` : className;
}

/** A call to the S3 storage that failed (see the module's note for the status). */
export class MediaStorageError extends HttpError {
  /** For the server's log line (describeError): the operation, the error's class and status; no key, no message. */
  readonly logDetail: string;

  constructor(
    readonly operation: Operation,
    cause: unknown,
  ) {
    const { status, attempts } = metadataOf(cause);
    const transient = status === undefined || status >= 500 || status === 429;
    super(transient ? 503 : 500, transient ? MEDIA_UNAVAILABLE_MESSAGE : 'Something went wrong on our side. Please try again.', transient ? { 'Retry-After': '5' } : {});
    this.name = 'MediaStorageError';
    this.cause = cause;
    this.logDetail = `S3 ${operation}: ${errorClassOf(cause)}${status ? ` status=${status}` : ''}${attempts ? ` attempts=${attempts}` : ''}`;
  }
}

type Clients = Map<string, S3Client>;
const shared = globalThis as { __shopMediaS3?: Clients };

/** The process's S3 client for these settings (made on first use). */
function clientFor(settings: MediaS3Settings, tuning: S3Tuning): S3Client {
  const clients = (shared.__shopMediaS3 ??= new Map());
  const id = JSON.stringify([settings.endpoint, settings.region, settings.accessKeyId, settings.secretAccessKey, settings.forcePathStyle, tuning]);
  let client = clients.get(id);
  if (!client) {
    client = new S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: settings.forcePathStyle,
      // Unset: the SDK's own chain (environment, shared files, the instance's role).
      credentials: settings.accessKeyId && settings.secretAccessKey ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } : undefined,
      maxAttempts: tuning.maxAttempts,
      requestHandler: {
        connectionTimeout: tuning.connectionTimeoutMs,
        requestTimeout: tuning.requestTimeoutMs,
        throwOnRequestTimeout: true,
      },
      // Checksums only where S3 requires them: many S3-compatible servers refuse the newer
      // checksum headers, and SigV4 already signs each upload's SHA-256.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
    clients.set(id, client);
  }
  return client;
}

/** Closes the process's S3 clients (their sockets); the next call makes a new one. */
export function closeS3Clients(): void {
  for (const client of shared.__shopMediaS3?.values() ?? []) client.destroy();
  shared.__shopMediaS3?.clear();
}

/** The kind of a key (its folder), the one thing of it a log line names. */
const kindOf = (key: string): string => (key.startsWith('deliveries/') ? 'deliveries' : key.startsWith('products/') ? 'products' : 'other');

function isMissing(error: unknown): boolean {
  const name = (error as { name?: unknown } | null)?.name;
  if (name === 'NoSuchKey' || name === 'NotFound') return true;
  return metadataOf(error).status === 404 && name !== 'NoSuchBucket';
}

function failure(operation: Operation, key: string, error: unknown): MediaStorageError {
  const { status, attempts } = metadataOf(error);
  log().warn({ storage: 's3', operation, kind: kindOf(key), error: errorClassOf(error), status, attempts }, 'media storage call failed');
  return new MediaStorageError(operation, error);
}

/** Uploaded media in an S3 bucket. Keys are not checked here: lib/server/media/storage.ts checks them before every call. */
export type S3MediaStorage = {
  put(key: string, bytes: Buffer): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  remove(key: string): Promise<void>;
  /** Whether the bucket answers with these credentials (HEAD on the bucket); throws a MediaStorageError otherwise. */
  check(): Promise<void>;
};

export function s3Storage(settings: MediaS3Settings, tuning: S3Tuning = S3_TUNING): S3MediaStorage {
  const client = clientFor(settings, tuning);
  const Bucket = settings.bucket;
  const objectKey = (key: string) => `${settings.prefix}${key}`;
  return {
    async put(key, bytes) {
      try {
        await client.send(
          new PutObjectCommand({
            Bucket,
            Key: objectKey(key),
            Body: bytes,
            ContentLength: bytes.length,
            ContentType: 'image/webp',
            CacheControl: key.startsWith('deliveries/') ? CACHE_CONTROL.deliveries : CACHE_CONTROL.products,
          }),
        );
      } catch (error) {
        throw failure('put', key, error);
      }
    },
    async get(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: objectKey(key) }));
        return Buffer.from((await answer.Body?.transformToByteArray()) ?? new Uint8Array());
      } catch (error) {
        if (isMissing(error)) return null;
        throw failure('get', key, error);
      }
    },
    async remove(key) {
      try {
        await client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(key) }));
      } catch (error) {
        if (isMissing(error)) return;
        throw failure('remove', key, error);
      }
    },
    async check() {
      try {
        await client.send(new HeadBucketCommand({ Bucket }));
      } catch (error) {
        // The caller (checkMediaStorage) says what it means in its own log line.
        throw new MediaStorageError('check', error);
      }
    },
  };
}
