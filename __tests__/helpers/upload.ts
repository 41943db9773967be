/**
 * Multipart uploads to the back office's staff calls for API tests (delivery photos, product
 * pictures): a form of text and file parts sent as the browser would, and a file streamed without
 * a length (chunked) that runs past a size cap.
 */

/** A text part, or a file part with its bytes, name and declared type. */
export type Part = { name: string; value: string } | { name: string; bytes: Buffer; filename: string; type: string };

/** POSTs `parts` as multipart/form-data to `url` with the member's cookie and an Origin (either left out when null): the status and the envelope. */
export async function postParts<T>(url: string, parts: Part[], cookie: string | null, origin: string | null) {
  const form = new FormData();
  for (const part of parts) {
    if ('value' in part) form.append(part.name, part.value);
    else form.append(part.name, new Blob([new Uint8Array(part.bytes)], { type: part.type }), part.filename);
  }
  const headers: Record<string, string> = {};
  if (cookie) headers.cookie = cookie;
  if (origin) headers.origin = origin;
  const res = await fetch(url, { method: 'POST', headers, body: form });
  return { status: res.status, body: (await res.json()) as { data: T; message: string } };
}

/**
 * POSTs a multipart form whose text part `text` comes first, then a JPEG file part `fileField`
 * that starts with `start` and goes on for `megabytes` more MiB, streamed without a length (no
 * Content-Length: the server must stop at its cap while reading). Answers the response.
 */
export async function postChunkedFile(url: string, options: { cookie: string; origin: string; text: { name: string; value: string }; fileField: string; start: Buffer; megabytes: number }) {
  const boundary = `----upload${Date.now().toString(36)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${options.text.name}"\r\n\r\n${options.text.value}\r\n--${boundary}\r\nContent-Disposition: form-data; name="${options.fileField}"; filename="big.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
  );
  const chunk = Buffer.alloc(1024 * 1024, 7);
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent === 0) controller.enqueue(new Uint8Array(Buffer.concat([head, options.start])));
      else if (sent <= options.megabytes) controller.enqueue(new Uint8Array(chunk));
      else {
        controller.enqueue(new Uint8Array(Buffer.from(`\r\n--${boundary}--\r\n`)));
        controller.close();
      }
      sent += 1;
    },
  });
  return fetch(url, {
    method: 'POST',
    headers: { cookie: options.cookie, origin: options.origin, 'content-type': `multipart/form-data; boundary=${boundary}` },
    body,
    duplex: 'half',
  } as RequestInit);
}
