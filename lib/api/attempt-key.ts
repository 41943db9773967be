/**
 * The client's half of `Idempotency-Key` (the server's: lib/server/http/idempotency.ts). A call
 * that creates something (an order, a payment attempt) goes out with a random key for the
 * shopper's attempt. The key is kept while the attempt has no final answer (none at all after a
 * timeout or a dropped connection, a 5xx, a 409 or a 429) and sent again when the same call goes
 * out with the same data, so pressing the button again gets the first order or attempt back
 * rather than a second. A success, any other refusal, or changed data makes a new key.
 * The kept attempts live in the module, one browser tab's: server code serving many shoppers
 * (lib/server's page helpers) must not send these calls through it.
 */
const held = new Map<string, [data: string, key: string | undefined]>();

/**
 * Runs `send` with the attempt's key header for `call` (one kept attempt per call name) and `data`.
 * @example withAttemptKey('order', body, (headers) => send(api, 'post', url, body, {}, headers))
 */
export async function withAttemptKey<T>(call: string, data: unknown, send: (headers: Record<string, string>) => Promise<T>): Promise<T> {
  const text = JSON.stringify(data);
  const kept = held.get(call);
  // randomUUID exists in secure contexts (HTTPS, localhost); elsewhere the call goes without a key.
  const key = kept?.[0] === text ? kept[1] : globalThis.crypto?.randomUUID?.();
  const attempt: [string, string | undefined] = [text, key];
  held.set(call, attempt);
  // Forgets this attempt (not a newer one of the same call) once its answer is final.
  const done = () => held.get(call) === attempt && held.delete(call);
  try {
    const answer = await send(key ? { 'Idempotency-Key': key } : {});
    done();
    return answer;
  } catch (error) {
    const status = (error as { status?: number }).status ?? 0;
    if (status > 399 && status < 500 && status !== 409 && status !== 429) done();
    throw error;
  }
}
