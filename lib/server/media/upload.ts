/**
 * A photo sent by a browser as `multipart/form-data`: streamed to a temporary file with a size
 * cap (nothing is held in memory), its few text fields read beside it, then checked by its
 * content (not its name or declared type) and turned into a WebP by sharp: turned upright from
 * its EXIF orientation, at most 1600 px on its long side, every metadata block (GPS included)
 * dropped. The browser's file name is never used.
 */
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { IncomingMessage } from 'node:http';
import Busboy from 'busboy';
import { HttpError } from '@/lib/server/http/errors';

/** The largest photo accepted, in bytes (a phone's full-size JPEG is 2–6 MB). */
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
/** The most pixels a photo may decode to (a 48-megapixel phone camera is under it): beyond, a small file could take the server's memory. */
export const MAX_PHOTO_PIXELS = 50_000_000;
/** The long side of a stored photo. */
export const PHOTO_SIZE = 1600;

export const PHOTO_TOO_LARGE_MESSAGE = `The photo is larger than ${MAX_PHOTO_BYTES / 1024 / 1024} MB; take it again at a smaller size`;
export const PHOTO_NOT_IMAGE_MESSAGE = 'The photo must be a JPEG, PNG, WebP or HEIC picture';
export const PHOTO_TOO_MANY_PIXELS_MESSAGE = 'The photo has too many pixels; take it again at a smaller size';

/** Formats accepted, as sharp names what it finds in the bytes. */
const PHOTO_FORMATS = new Set(['jpeg', 'png', 'webp', 'heif', 'avif']);

export type PhotoUpload = {
  /** The text fields sent beside the file (at most `fieldNames`, each at most 2,000 bytes). */
  fields: Record<string, string>;
  /** The temporary file holding the photo, or null when none was sent; remove it with `discard()`. */
  file: string | null;
  discard: () => Promise<void>;
};

/**
 * Reads a multipart request carrying at most one file in `fileField` and the text fields named in
 * `fieldNames` (others are refused: 400). Over `maxBytes` the upload stops and answers 413; a body
 * that is not multipart answers 415.
 */
export async function readPhotoUpload(
  req: IncomingMessage,
  options: { fileField: string; fieldNames: readonly string[]; maxBytes?: number },
): Promise<PhotoUpload> {
  const maxBytes = options.maxBytes ?? MAX_PHOTO_BYTES;
  const type = String(req.headers['content-type'] ?? '');
  if (!/^multipart\/form-data\b/i.test(type)) throw new HttpError(415, 'The photo must be sent as multipart/form-data');
  // The declared length may not be honest, but an honest one over the cap needs no reading.
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > maxBytes + 64 * 1024) throw new HttpError(413, PHOTO_TOO_LARGE_MESSAGE);

  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-upload-'));
  const discard = () => fs.rm(dir, { recursive: true, force: true });
  const fields: Record<string, string> = {};
  let file: string | null = null;
  try {
    await new Promise<void>((resolve, reject) => {
      let parser: Busboy.Busboy;
      try {
        // Busboy reports a count limit when it is reached, so each is one above what is allowed;
        // the handlers below refuse a second file and unknown fields themselves.
        const count = options.fieldNames.length + 1;
        parser = Busboy({ headers: req.headers, limits: { fileSize: maxBytes, files: 2, fields: count, fieldSize: 2000, parts: count + 1 } });
      } catch {
        reject(new HttpError(400, 'The upload could not be read: the multipart boundary is missing'));
        return;
      }
      const writes: Promise<void>[] = [];
      let failed: HttpError | null = null;
      const fail = (error: HttpError) => {
        failed ??= error;
        req.unpipe(parser);
        req.resume();
        reject(failed);
      };
      parser.on('file', (name, stream) => {
        if (name !== options.fileField || file) {
          stream.resume();
          return fail(new HttpError(400, `Unexpected file field ${name.slice(0, 40)}: send one photo as ${options.fileField}`));
        }
        const target = path.join(dir, `photo-${randomBytes(6).toString('hex')}`);
        file = target;
        stream.on('limit', () => fail(new HttpError(413, PHOTO_TOO_LARGE_MESSAGE)));
        writes.push(pipeline(stream, createWriteStream(target, { mode: 0o600 })).catch(() => fail(new HttpError(400, 'The upload was interrupted; please send the photo again'))));
      });
      parser.on('field', (name, value, info) => {
        if (!options.fieldNames.includes(name)) return fail(new HttpError(400, `Unknown field ${name.slice(0, 40)}: this call takes ${options.fieldNames.join(', ')} and ${options.fileField}`));
        if (info.valueTruncated) return fail(new HttpError(400, `${name} is too long`));
        fields[name] = value;
      });
      parser.on('partsLimit', () => fail(new HttpError(400, 'The upload has too many parts')));
      parser.on('filesLimit', () => fail(new HttpError(400, `Send one photo as ${options.fileField}`)));
      parser.on('fieldsLimit', () => fail(new HttpError(400, 'The upload has too many fields')));
      parser.on('error', () => fail(new HttpError(400, 'The upload could not be read as multipart/form-data')));
      parser.on('close', () => {
        if (failed) return;
        Promise.all(writes).then(() => (failed ? reject(failed) : resolve()), reject);
      });
      req.on('aborted', () => fail(new HttpError(400, 'The upload was interrupted; please send the photo again')));
      req.pipe(parser);
    });
  } catch (error) {
    await discard();
    throw error;
  }
  return { fields, file, discard };
}

/**
 * The photo in `file` as a WebP of at most PHOTO_SIZE px, upright and without metadata; 415 when
 * its bytes are not a photo (whatever its name or declared type), 413 past MAX_PHOTO_PIXELS.
 */
export async function photoToWebp(file: string): Promise<Buffer> {
  const sharp = (await import('sharp')).default;
  const source = () => sharp(file, { limitInputPixels: MAX_PHOTO_PIXELS, failOn: 'error' });
  let format: string | undefined;
  let pixels = 0;
  try {
    // The header alone says the size: read without the pixel limit, which is checked just below.
    const meta = await sharp(file, { limitInputPixels: false }).metadata();
    format = meta.format;
    pixels = (meta.width ?? 0) * (meta.height ?? 0);
  } catch {
    throw new HttpError(415, PHOTO_NOT_IMAGE_MESSAGE);
  }
  if (!format || !PHOTO_FORMATS.has(format)) throw new HttpError(415, PHOTO_NOT_IMAGE_MESSAGE);
  if (pixels > MAX_PHOTO_PIXELS) throw new HttpError(413, PHOTO_TOO_MANY_PIXELS_MESSAGE);
  try {
    return await source().rotate().resize({ width: PHOTO_SIZE, height: PHOTO_SIZE, fit: 'inside', withoutEnlargement: true }).webp({ quality: 78 }).toBuffer();
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) throw new HttpError(413, PHOTO_TOO_MANY_PIXELS_MESSAGE);
    throw new HttpError(415, PHOTO_NOT_IMAGE_MESSAGE);
  }
}
