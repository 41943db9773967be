/**
 * The typed API client: one axios instance that sends JSON, adds the bearer token when there is
 * one, and turns a 4xx/5xx answer into an `ApiError { status, message }`. Each call of the
 * spec's table is one function in `lib/api/calls.ts` over this instance.
 */
import axios, { AxiosError, type AxiosInstance } from 'axios';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export type ApiClientOptions = {
  /** '' in the browser (same origin); an absolute URL on the server or in tests. */
  baseURL: string;
  /** The logged-in user's bearer token, read at each request. */
  getToken?: () => string | null | undefined;
  /** The shop's fixed business identifier. */
  business: string;
  timeoutMs?: number;
  /** Keeps GET answers of public calls; absent in the browser. */
  cache?: AnswerCache;
  /** Node's agent for keep-alive connections (server side). */
  httpAgent?: unknown;
  /** Headers sent with every call besides the client's own (server side: headers a browser may not set). */
  headers?: Record<string, string>;
  /**
   * May answer a failed call another way (a second try) before it becomes an ApiError; what it
   * throws or rejects with is turned into the ApiError (lib/api/server.ts: a dropped connection).
   */
  onFailure?: (error: unknown, http: AxiosInstance) => Promise<unknown>;
};

/** A store for GET answers (the server-side client keeps catalogue answers briefly). */
export type AnswerCache = {
  get(key: string): unknown;
  /** `stamp`: what `stamp()` said before the answer was asked for (an answer older than a change is stored as stale). */
  set(key: string, value: unknown, stamp?: number): void;
  /** The cache's notion of "now" for content, taken before a request is sent. */
  stamp?(): number;
};

export type ApiClient = { http: AxiosInstance; business: string; cache?: AnswerCache };

function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof AxiosError) {
    const body = error.response?.data as { message?: unknown; status?: unknown } | undefined;
    const status = typeof body?.status === 'number' ? body.status : (error.response?.status ?? 0);
    const message =
      typeof body?.message === 'string'
        ? body.message
        : error.response
          ? `The shop answered ${error.response.status}`
          : 'Cannot reach the shop. Check your connection and try again.';
    return new ApiError(status, message);
  }
  return new ApiError(0, error instanceof Error ? error.message : 'Unexpected error');
}

/** Creates a client; `lib/api/calls.ts` functions take it as their first argument. */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const http = axios.create({
    baseURL: options.baseURL,
    timeout: options.timeoutMs ?? 15000,
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...options.headers },
    httpAgent: options.httpAgent,
  });
  http.interceptors.request.use((config) => {
    const token = options.getToken?.();
    if (token) config.headers.set('Authorization', `Bearer ${token}`);
    return config;
  });
  const { onFailure } = options;
  http.interceptors.response.use(undefined, (error: unknown) =>
    onFailure ? onFailure(error, http).catch((e: unknown) => Promise.reject(toApiError(e))) : Promise.reject(toApiError(error)),
  );
  return { http, business: options.business, cache: options.cache };
}
