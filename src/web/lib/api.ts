// The browser's one way to call the server: same-origin JSON with the session cookie, every
// failure turned into an ApiRequestError. Answers are typed by the shared zod contract, which the
// server checks each answer against before sending it; the browser does not parse them again, so
// zod is not in the first script (docs/performance.md "Initial JavaScript").
import type { z } from "zod";
import type { ApiError } from "../../domain/contracts/errors";

export class ApiRequestError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string[]> | undefined;
  /** Seconds to wait before trying again (429 answers). */
  readonly retryAfter: number | undefined;

  constructor(init: {
    status: number;
    code: string;
    message: string;
    fields?: Record<string, string[]> | undefined;
    retryAfter?: number | undefined;
  }) {
    super(init.message);
    this.name = "ApiRequestError";
    this.status = init.status;
    this.code = init.code;
    this.fields = init.fields;
    this.retryAfter = init.retryAfter;
  }
}

/** The server's message when it gave one, else the screen's own fallback text. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiRequestError && error.message.trim() !== "") return error.message;
  return fallback;
}

export function isApiError(error: unknown, code: string): error is ApiRequestError {
  return error instanceof ApiRequestError && error.code === code;
}

function retryAfterHeader(response: Response): number | undefined {
  const value = Number(response.headers.get("retry-after"));
  return Number.isFinite(value) && value > 0 ? value : undefined;
}

/** The error shape of docs/api.md; a proxy's own error page is not one. */
function isErrorBody(body: unknown): body is ApiError {
  if (typeof body !== "object" || body === null || !("error" in body)) return false;
  const { error } = body;
  return (
    typeof error === "object" &&
    error !== null &&
    "code" in error &&
    typeof error.code === "string" &&
    "message" in error &&
    typeof error.message === "string"
  );
}

async function toError(response: Response): Promise<ApiRequestError> {
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  if (isErrorBody(body)) {
    const { code, message, fields, retryAfter } = body.error;
    return new ApiRequestError({
      status: response.status,
      code,
      message,
      fields,
      retryAfter: retryAfter ?? retryAfterHeader(response),
    });
  }
  return new ApiRequestError({
    status: response.status,
    code: "http_error",
    message: "",
    retryAfter: retryAfterHeader(response),
  });
}

interface RequestOptions {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Sent as JSON, or as multipart/form-data when it is a FormData (file uploads). */
  body?: unknown;
  signal?: AbortSignal | undefined;
  /** More request headers (an Idempotency-Key: docs/mail.md "Sending once"). */
  headers?: Record<string, string> | undefined;
}

/** How the body travels: FormData lets the browser set the multipart boundary header itself. */
function encode(body: unknown): { headers: Record<string, string>; payload?: BodyInit } {
  if (body === undefined) return { headers: {} };
  if (body instanceof FormData) return { headers: {}, payload: body };
  return { headers: { "Content-Type": "application/json" }, payload: JSON.stringify(body) };
}

/** The one fetch of the app: every JSON call and every upload goes through here. `S` is the
 * route's response contract. */
export async function apiRequest<S extends z.ZodType = z.ZodUnknown>(
  path: string,
  { method = "GET", body, signal, headers: extra }: RequestOptions = {},
): Promise<z.output<S>> {
  const { headers, payload } = encode(body);
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: "same-origin",
      headers: { Accept: "application/json", ...headers, ...extra },
      body: payload,
      signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === "AbortError") throw cause;
    throw new ApiRequestError({ status: 0, code: "network_error", message: "" });
  }
  if (!response.ok) throw await toError(response);

  const json: unknown = response.status === 204 ? {} : await response.json().catch(() => undefined);
  if (typeof json !== "object" || json === null) {
    throw new ApiRequestError({ status: response.status, code: "bad_response", message: "" });
  }
  return json as z.output<S>;
}

export const api = {
  get: <S extends z.ZodType>(path: string, signal?: AbortSignal) => apiRequest<S>(path, { signal }),
  post: <S extends z.ZodType>(path: string, body: unknown, headers?: Record<string, string>) =>
    apiRequest<S>(path, { method: "POST", body, headers }),
};
