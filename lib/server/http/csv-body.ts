/**
 * A request whose body is a CSV file (the catalogue file, a bank statement): the file as text.
 * The route wrapper reads only JSON bodies; these routes declare no body schema and call this.
 */
import type { ApiRequest } from '@/lib/server/http/route';
import { HttpError } from '@/lib/server/http/errors';

/**
 * The request's CSV file as text: `text/csv` (or `text/plain`, or what some systems call a .csv
 * file; 415 otherwise), at most `maxBytes` (413 beyond, from the declared length or while
 * reading), UTF-8 (400 for other bytes, with how to save the file right).
 * @example const text = await csvBody(req, 5 * 1024 * 1024);
 */
export async function csvBody(req: ApiRequest, maxBytes: number): Promise<string> {
  const tooLarge = () => new HttpError(413, `The file is larger than ${maxBytes / 1024 / 1024} MB`);
  const type = String(req.headers['content-type'] ?? '').toLowerCase();
  if (!/^(text\/csv|text\/plain|application\/csv|application\/vnd\.ms-excel)\b/.test(type)) throw new HttpError(415, 'The request body must be a CSV file (Content-Type: text/csv)');
  if (Number(req.headers['content-length'] ?? 0) > maxBytes) throw tooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
    size += buffer.length;
    if (size > maxBytes) throw tooLarge();
    chunks.push(buffer);
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(Buffer.concat(chunks));
  } catch {
    throw new HttpError(400, "The file is not UTF-8 text: in the spreadsheet, save it as 'CSV UTF-8'");
  }
}
