/**
 * A fake S3-compatible server for tests (the shop's picture storage, lib/server/media/s3-storage.ts):
 * plain HTTP on 127.0.0.1 and a free port, one bucket, objects kept in memory, path-style
 * addresses only (`/bucket/key`). It answers the calls the shop makes as S3 answers them:
 *
 * - `PUT /bucket/key`: stores the body with its Content-Type and Cache-Control (200, ETag);
 * - `GET /bucket/key`: the object, or 404 with S3's `NoSuchKey` XML error;
 * - `HEAD /bucket/key`, `HEAD /bucket` (the start-up check): 200, or 404 without a body;
 * - `DELETE /bucket/key`: 204, whether or not the object was there.
 *
 * Every request must be signed with AWS Signature Version 4 by the configured key pair: the
 * signature is computed again here from the request (method, path, query, signed headers, payload
 * hash) and compared, and a payload hash given in `x-amz-content-sha256` must be the body's. An
 * unknown access key answers 403 `InvalidAccessKeyId`, a wrong signature 403
 * `SignatureDoesNotMatch`, another bucket 404 `NoSuchBucket`. Tests read `objects` and `requests`,
 * make the server answer errors or hang (`failNext`, `failAll`) and stop it to see the shop's error
 * paths.
 *
 * Also used by the browser tests through e2e/fake-s3.ts (a re-export of this file).
 *
 * @example
 * const s3 = await startFakeS3();
 * getConfig().mediaS3 = s3.settings();
 * ...
 * await s3.stop();
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** An HTTP status to answer with S3's error XML, or 'hang': read the request and never answer. */
export type Failure = number | 'hang';

export type StoredObject = { bytes: Buffer; contentType: string | undefined; cacheControl: string | undefined };

/** What the shop's configuration needs to reach this server (the shape of `getConfig().mediaS3`). */
export type FakeS3Settings = {
  bucket: string;
  endpoint: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
  prefix: string;
};

export type FakeS3 = {
  url: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** The stored objects by key (the bucket's name not included). */
  objects: Map<string, StoredObject>;
  /** Every request that passed the signature check, in order: its method and key ('' for the bucket). */
  requests: { method: string; key: string }[];
  /** Requests refused for their credentials or signature: the S3 error code sent. */
  refused: string[];
  /**
   * After `after` more requests are answered normally, the next `times` answer `status` with S3's
   * error XML (500 InternalError, 503 SlowDown…) or never answer ('hang'); then normal again.
   */
  failNext(status: Failure, times?: number, after?: number): void;
  /** Every request answers `status` (or hangs) until called again with null. */
  failAll(status: Failure | null): void;
  /** Settings for the shop (`getConfig().mediaS3`), with an optional key prefix. */
  settings(prefix?: string): FakeS3Settings;
  /** The same settings as the environment variables a started shop reads. */
  env(prefix?: string): Record<string, string>;
  /** Stops listening and drops open connections: later requests are refused (ECONNREFUSED). */
  stop(): Promise<void>;
};

const ERROR_TEXT: Record<string, string> = {
  AccessDenied: 'Access Denied',
  InvalidAccessKeyId: 'The AWS Access Key Id you provided does not exist in our records.',
  SignatureDoesNotMatch: 'The request signature we calculated does not match the signature you provided.',
  RequestTimeTooSkewed: 'The difference between the request time and the current time is too large.',
  XAmzContentSHA256Mismatch: "The provided 'x-amz-content-sha256' header does not match what was computed.",
  NoSuchBucket: 'The specified bucket does not exist',
  NoSuchKey: 'The specified key does not exist.',
  NotImplemented: 'A header or query you provided implies functionality that is not implemented.',
  InternalError: 'We encountered an internal error. Please try again.',
  SlowDown: 'Please reduce your request rate.',
};

const CODE_OF_STATUS: Record<number, string> = { 500: 'InternalError', 503: 'SlowDown', 403: 'AccessDenied', 404: 'NoSuchKey' };

function sendError(res: http.ServerResponse, status: number, code: string, method: string | undefined): void {
  res.statusCode = status;
  res.setHeader('x-amz-request-id', randomBytes(8).toString('hex').toUpperCase());
  // HEAD answers carry no body, as S3's do.
  if (method === 'HEAD') return void res.end();
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${ERROR_TEXT[code] ?? code}</Message><RequestId>fake</RequestId></Error>`;
  res.setHeader('Content-Type', 'application/xml');
  res.setHeader('Content-Length', Buffer.byteLength(body));
  res.end(body);
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

/** RFC 3986 encoding, as SigV4 wants for query names and values. */
const encodeStrict = (text: string) => encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

function canonicalQuery(rawQuery: string): string {
  if (!rawQuery) return '';
  return rawQuery
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const [name = '', value = ''] = pair.split(/=(.*)/s);
      return [encodeStrict(decodeURIComponent(name.replace(/\+/g, ' '))), encodeStrict(decodeURIComponent(value.replace(/\+/g, ' ')))] as const;
    })
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
}

const AUTHORIZATION = /^AWS4-HMAC-SHA256 Credential=([^/,\s]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request,\s*SignedHeaders=([a-z0-9;-]+),\s*Signature=([0-9a-f]{64})$/;

/** The S3 error code that refuses this request's credentials or signature, or null when it is signed right. */
function signatureProblem(req: http.IncomingMessage, body: Buffer, keys: { accessKeyId: string; secretAccessKey: string; region: string }): string | null {
  const match = AUTHORIZATION.exec(String(req.headers.authorization ?? ''));
  if (!match) return 'AccessDenied';
  const [, accessKeyId, day, region, signedHeaders, signature] = match as unknown as string[];
  if (accessKeyId !== keys.accessKeyId) return 'InvalidAccessKeyId';
  const amzDate = String(req.headers['x-amz-date'] ?? '');
  const at = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(amzDate);
  if (!at || amzDate.slice(0, 8) !== day || region !== keys.region) return 'SignatureDoesNotMatch';
  const sentAt = Date.UTC(Number(at[1]), Number(at[2]) - 1, Number(at[3]), Number(at[4]), Number(at[5]), Number(at[6]));
  if (Math.abs(Date.now() - sentAt) > 15 * 60_000) return 'RequestTimeTooSkewed';

  const payloadHash = String(req.headers['x-amz-content-sha256'] ?? '');
  if (/^[0-9a-f]{64}$/.test(payloadHash)) {
    if (payloadHash !== sha256(body)) return 'XAmzContentSHA256Mismatch';
  } else if (payloadHash !== 'UNSIGNED-PAYLOAD') {
    // Chunked streaming uploads are not something the shop sends.
    return 'NotImplemented';
  }
  const names = signedHeaders!.split(';');
  if (!names.includes('host')) return 'SignatureDoesNotMatch';
  const headerLines = names.map((name) => {
    const value = req.headers[name];
    const text = Array.isArray(value) ? value.join(',') : (value ?? '');
    return `${name}:${text.trim().replace(/\s+/g, ' ')}\n`;
  });
  const [rawPath = '/', rawQuery = ''] = (req.url ?? '/').split(/\?(.*)/s);
  const canonicalRequest = [req.method, rawPath, canonicalQuery(rawQuery), headerLines.join(''), signedHeaders, payloadHash].join('\n');
  const scope = `${day}/${region}/s3/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${keys.secretAccessKey}`, day!), region!), 's3'), 'aws4_request');
  const expected = createHmac('sha256', signingKey).update(stringToSign).digest('hex');
  return expected === signature ? null : 'SignatureDoesNotMatch';
}

async function readBody(req: http.IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function startFakeS3(options: { bucket?: string; region?: string; accessKeyId?: string; secretAccessKey?: string } = {}): Promise<FakeS3> {
  const bucket = options.bucket ?? 'shop-media';
  const region = options.region ?? 'us-east-1';
  const accessKeyId = options.accessKeyId ?? `FAKE${randomBytes(8).toString('hex').toUpperCase()}`;
  const secretAccessKey = options.secretAccessKey ?? randomBytes(20).toString('base64');
  const objects = new Map<string, StoredObject>();
  const requests: FakeS3['requests'] = [];
  const refused: string[] = [];
  let failures: { status: Failure; times: number; after: number } | null = null;

  const handle = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const body = await readBody(req);
    const problem = signatureProblem(req, body, { accessKeyId, secretAccessKey, region });
    if (problem) {
      refused.push(problem);
      const status = problem === 'NotImplemented' ? 501 : problem === 'XAmzContentSHA256Mismatch' ? 400 : 403;
      return sendError(res, status, problem, req.method);
    }
    const pathname = (req.url ?? '/').split('?')[0]!;
    const [, bucketName = '', ...rest] = pathname.split('/');
    const key = rest.map((part) => decodeURIComponent(part)).join('/');
    requests.push({ method: req.method ?? '', key });
    if (failures && failures.after > 0) failures.after -= 1;
    else if (failures) {
      const { status } = failures;
      if (failures.times !== Infinity && --failures.times <= 0) failures = null;
      if (status === 'hang') return;
      return sendError(res, status, CODE_OF_STATUS[status] ?? 'InternalError', req.method);
    }
    if (decodeURIComponent(bucketName) !== bucket) return sendError(res, 404, 'NoSuchBucket', req.method);
    if (!key) {
      if (req.method === 'HEAD') return void res.end();
      return sendError(res, 501, 'NotImplemented', req.method);
    }
    switch (req.method) {
      case 'PUT': {
        const contentType = req.headers['content-type'];
        const cacheControl = req.headers['cache-control'];
        objects.set(key, { bytes: body, contentType, cacheControl });
        res.setHeader('ETag', `"${createHash('md5').update(body).digest('hex')}"`);
        return void res.end();
      }
      case 'GET':
      case 'HEAD': {
        const object = objects.get(key);
        if (!object) return sendError(res, 404, 'NoSuchKey', req.method);
        res.setHeader('Content-Length', object.bytes.length);
        if (object.contentType) res.setHeader('Content-Type', object.contentType);
        if (object.cacheControl) res.setHeader('Cache-Control', object.cacheControl);
        res.setHeader('ETag', `"${createHash('md5').update(object.bytes).digest('hex')}"`);
        return void res.end(req.method === 'HEAD' ? undefined : object.bytes);
      }
      case 'DELETE':
        objects.delete(key);
        res.statusCode = 204;
        return void res.end();
      default:
        return sendError(res, 501, 'NotImplemented', req.method);
    }
  };

  const server = http.createServer((req, res) => {
    handle(req, res).catch(() => sendError(res, 500, 'InternalError', req.method));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const settings = (prefix = ''): FakeS3Settings => ({ bucket, endpoint: url, region, accessKeyId, secretAccessKey, forcePathStyle: true, prefix });
  return {
    url,
    bucket,
    region,
    accessKeyId,
    secretAccessKey,
    objects,
    requests,
    refused,
    failNext: (status, times = 1, after = 0) => void (failures = { status, times, after }),
    failAll: (status) => void (failures = status === null ? null : { status, times: Infinity, after: 0 }),
    settings,
    env: (prefix = '') => ({
      MEDIA_S3_BUCKET: bucket,
      MEDIA_S3_ENDPOINT: url,
      MEDIA_S3_REGION: region,
      MEDIA_S3_ACCESS_KEY_ID: accessKeyId,
      MEDIA_S3_SECRET_ACCESS_KEY: secretAccessKey,
      MEDIA_S3_FORCE_PATH_STYLE: 'true',
      MEDIA_S3_PREFIX: prefix,
    }),
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
