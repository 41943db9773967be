/**
 * A picture sent by a browser as `multipart/form-data`: streamed to a temporary file with a size
 * cap (nothing is held in memory), its few text fields read beside it, then checked by its
 * content (not its name or declared type: JPEG, PNG, WebP, HEIC or AVIF; an SVG or text is
 * refused) and by its pixel count read from the header alone (a small file that would decode to
 * gigabytes is refused before decoding). The browser's file name is never used.
 *
 * Two kinds use it, each with its own cap and words (`UploadRules`): a rider's delivery photo
 * (`DELIVERY_PHOTO`, turned here into one WebP by `photoToWebp`) and a product picture
 * (`PRODUCT_PICTURE`, cut into the storefront's widths by lib/server/media/product-images.ts).
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
import { PRODUCT_PICTURE_MAX_BYTES } from '@/lib/contracts/product-pictures';

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

/**
 * An iPhone's HEIC photo where this server's sharp cannot decode HEVC (its prebuilt libvips reads
 * AVIF only): the browser forms turn HEIC into JPEG where the browser can (Safari); elsewhere this.
 */
export const HEIC_NOT_READABLE_MESSAGE = 'This HEIC photo cannot be read here: send it as a JPEG (on an iPhone: Settings › Camera › Formats › Most Compatible)';

/** What one kind of upload accepts and how its refusals read. */
export type UploadRules = {
  /** What the shop calls the file in messages: 'photo', 'picture'. */
  noun: string;
  maxBytes: number;
  /** 413: over `maxBytes`, declared or streamed. */
  tooLarge: string;
  /** 415: not a JPEG, PNG, WebP, HEIC or AVIF by its content. */
  notImage: string;
  /** 413: more than MAX_PHOTO_PIXELS. */
  tooManyPixels: string;
};

/** A rider's delivery photo. */
export const DELIVERY_PHOTO: UploadRules = {
  noun: 'photo',
  maxBytes: MAX_PHOTO_BYTES,
  tooLarge: PHOTO_TOO_LARGE_MESSAGE,
  notImage: PHOTO_NOT_IMAGE_MESSAGE,
  tooManyPixels: PHOTO_TOO_MANY_PIXELS_MESSAGE,
};

export const PICTURE_TOO_LARGE_MESSAGE = `The picture is larger than ${PRODUCT_PICTURE_MAX_BYTES / 1024 / 1024} MB; save it at a smaller size and send it again`;
export const PICTURE_NOT_IMAGE_MESSAGE = 'The picture must be a JPEG, PNG, WebP, HEIC or AVIF image';
export const PICTURE_TOO_MANY_PIXELS_MESSAGE = 'The picture has too many pixels (over 50 megapixels); save it at a smaller size and send it again';

/** A product picture uploaded in the back office. */
export const PRODUCT_PICTURE: UploadRules = {
  noun: 'picture',
  maxBytes: PRODUCT_PICTURE_MAX_BYTES,
  tooLarge: PICTURE_TOO_LARGE_MESSAGE,
  notImage: PICTURE_NOT_IMAGE_MESSAGE,
  tooManyPixels: PICTURE_TOO_MANY_PIXELS_MESSAGE,
};

export type PhotoUpload = {
  /** The text fields sent beside the file (at most `fieldNames`, each at most 2,000 bytes). */
  fields: Record<string, string>;
  /** The temporary file holding the photo, or null when none was sent; remove it with `discard()`. */
  file: string | null;
  discard: () => Promise<void>;
};

/**
 * Reads a multipart request carrying at most one file in `fileField` and the text fields named in
 * `fieldNames` (others are refused: 400). Over the rules' `maxBytes` (or `maxBytes` when given)
 * the upload stops and answers 413; a body that is not multipart answers 415. `rules` defaults
 * to the delivery photo's.
 */
export async function readPhotoUpload(
  req: IncomingMessage,
  options: { fileField: string; fieldNames: readonly string[]; maxBytes?: number; rules?: UploadRules },
): Promise<PhotoUpload> {
  const rules = options.rules ?? DELIVERY_PHOTO;
  const maxBytes = options.maxBytes ?? rules.maxBytes;
  const noun = rules.noun;
  const type = String(req.headers['content-type'] ?? '');
  if (!/^multipart\/form-data\b/i.test(type)) throw new HttpError(415, `The ${noun} must be sent as multipart/form-data`);
  // The declared length may not be honest, but an honest one over the cap needs no reading.
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > maxBytes + 64 * 1024) throw new HttpError(413, rules.tooLarge);

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
          return fail(new HttpError(400, `Unexpected file field ${name.slice(0, 40)}: send one ${noun} as ${options.fileField}`));
        }
        const target = path.join(dir, `upload-${randomBytes(6).toString('hex')}`);
        file = target;
        stream.on('limit', () => fail(new HttpError(413, rules.tooLarge)));
        writes.push(pipeline(stream, createWriteStream(target, { mode: 0o600 })).catch(() => fail(new HttpError(400, `The upload was interrupted; please send the ${noun} again`))));
      });
      parser.on('field', (name, value, info) => {
        if (!options.fieldNames.includes(name)) return fail(new HttpError(400, `Unknown field ${name.slice(0, 40)}: this call takes ${options.fieldNames.join(', ')} and ${options.fileField}`));
        if (info.valueTruncated) return fail(new HttpError(400, `${name} is too long`));
        fields[name] = value;
      });
      parser.on('partsLimit', () => fail(new HttpError(400, 'The upload has too many parts')));
      parser.on('filesLimit', () => fail(new HttpError(400, `Send one ${noun} as ${options.fileField}`)));
      parser.on('fieldsLimit', () => fail(new HttpError(400, 'The upload has too many fields')));
      parser.on('error', () => fail(new HttpError(400, 'The upload could not be read as multipart/form-data')));
      parser.on('close', () => {
        if (failed) return;
        Promise.all(writes).then(() => (failed ? reject(failed) : resolve()), reject);
      });
      req.on('aborted', () => fail(new HttpError(400, `The upload was interrupted; please send the ${noun} again`)));
      req.pipe(parser);
    });
  } catch (error) {
    await discard();
    throw error;
  }
  return { fields, file, discard };
}

/** What the header of an accepted picture says: its format and size as stored (before turning upright). */
export type CheckedImage = { format: string; width: number; height: number };

/**
 * Checks the picture in `file` by its content: 415 (the rules' `notImage`) when its bytes are not
 * a JPEG, PNG, WebP, HEIC or AVIF, whatever its name or declared type (an SVG is an image, but
 * drawn by a script-capable format: refused); 413 past MAX_PHOTO_PIXELS. Only the header is read.
 */
export async function checkImage(file: string, rules: UploadRules): Promise<CheckedImage> {
  const sharp = (await import('sharp')).default;
  let meta: { format?: string; width?: number; height?: number; compression?: string };
  try {
    // The header alone says the size: read without the pixel limit, which is checked just below.
    meta = await sharp(file, { limitInputPixels: false }).metadata();
  } catch {
    throw new HttpError(415, rules.notImage);
  }
  if (!meta.format || !PHOTO_FORMATS.has(meta.format) || !meta.width || !meta.height) throw new HttpError(415, rules.notImage);
  if (meta.format === 'heif' && meta.compression === 'hevc' && !sharp.format.heif.input.fileSuffix?.includes('.heic')) throw new HttpError(415, HEIC_NOT_READABLE_MESSAGE);
  if (meta.width * meta.height > MAX_PHOTO_PIXELS) throw new HttpError(413, rules.tooManyPixels);
  return { format: meta.format, width: meta.width, height: meta.height };
}

/**
 * A sharp pipeline over a checked picture: decoded with the pixel limit, failing on a damaged
 * file, turned upright from its EXIF orientation. Output drops every metadata block (sharp keeps
 * none unless asked).
 */
export async function uprightImage(file: string) {
  const sharp = (await import('sharp')).default;
  return sharp(file, { limitInputPixels: MAX_PHOTO_PIXELS, failOn: 'error' }).rotate();
}

/** Maps a failure while decoding a checked picture to the upload's 413 or 415. */
export function decodeFailure(error: unknown, rules: UploadRules): HttpError {
  if (error instanceof Error && /pixel limit/i.test(error.message)) return new HttpError(413, rules.tooManyPixels);
  return new HttpError(415, rules.notImage);
}

/**
 * The photo in `file` as a WebP of at most PHOTO_SIZE px, upright and without metadata; 415 when
 * its bytes are not a photo (whatever its name or declared type), 413 past MAX_PHOTO_PIXELS.
 */
export async function photoToWebp(file: string): Promise<Buffer> {
  await checkImage(file, DELIVERY_PHOTO);
  try {
    return await (await uprightImage(file)).resize({ width: PHOTO_SIZE, height: PHOTO_SIZE, fit: 'inside', withoutEnlargement: true }).webp({ quality: 78 }).toBuffer();
  } catch (error) {
    throw decodeFailure(error, DELIVERY_PHOTO);
  }
}
