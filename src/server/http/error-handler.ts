// Every failure leaves the API as {"error":{"code","message","requestId"}} with the right status,
// never a stack. The request id is the one on the request's log lines (docs/operations.md "Logs").
import { randomUUID } from "node:crypto";
import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from "fastify-type-provider-zod";
import { ERROR_CODES } from "../../domain/error-codes";
import { dataExceptionCode, isDatabaseUnavailable } from "../db/errors";
import { AppError } from "../errors";
import { isRedisUnavailable } from "../infra/redis";
import { REQUEST_ID_HEADER } from "./request-id";

/** A request that needed Redis or the database while it was away is worth trying again this soon
 * (docs/operations.md "Redis" and "Database": a restart or a failover takes seconds). */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/** Drizzle's query errors carry the SQL parameters (people's text, addresses): log the cause. */
const withoutSqlParams = (error: Error): unknown =>
  "params" in error && "query" in error && error.cause ? error.cause : error;

function fieldErrors(
  issues: {
    instancePath?: string;
    message?: string;
    params?: { issue?: { path?: PropertyKey[] } };
  }[],
) {
  const fields: Record<string, string[]> = {};
  for (const issue of issues) {
    const path =
      issue.params?.issue?.path?.map(String).join(".") ||
      issue.instancePath?.replace(/^\//, "").replaceAll("/", ".") ||
      "body";
    fields[path] = [...(fields[path] ?? []), issue.message ?? "Invalid value"];
  }
  return fields;
}

interface ApiError {
  code: string;
  message: string;
  fields?: Record<string, string[]>;
  retryAfter?: number;
}

/**
 * The one way an error answer leaves: the API shape with this request's id, also in the header
 * (set again here for the answers no hook saw: Fastify's refusals before routing).
 */
export function sendError(reply: FastifyReply, status: number, error: ApiError) {
  const requestId = reply.request.id;
  return reply
    .status(status)
    .header(REQUEST_ID_HEADER, requestId)
    .send({ error: { ...error, requestId } });
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.extra.retryAfter) reply.header("retry-after", String(error.extra.retryAfter));
      return sendError(reply, error.status, {
        code: error.code,
        message: error.message,
        ...error.extra,
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = fieldErrors(error.validation);
      const first = Object.values(fields)[0]?.[0] ?? "Invalid request";
      return sendError(reply, 400, { code: ERROR_CODES.validation, message: first, fields });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, "response did not match its schema");
      return sendError(reply, 500, { code: ERROR_CODES.internal, message: "Something went wrong" });
    }
    const sqlstate = dataExceptionCode(error);
    if (sqlstate) {
      request.log.warn({ sqlstate, route: request.routeOptions.url }, "value the database refused");
      return sendError(reply, 400, {
        code: ERROR_CODES.validation,
        message: "This request holds a value that cannot be stored.",
      });
    }
    const status = error.statusCode ?? 500;
    if (status === 413) {
      return sendError(reply, 413, {
        code: ERROR_CODES.tooLarge,
        message: "The request is too large.",
      });
    }
    if (status === 429) {
      const retryAfter = Number(reply.getHeader("retry-after")) || undefined;
      return sendError(reply, 429, {
        code: ERROR_CODES.rateLimited,
        message: "Too many requests. Please slow down.",
        retryAfter,
      });
    }
    if (status >= 400 && status < 500) {
      return sendError(reply, status, { code: ERROR_CODES.validation, message: error.message });
    }
    const away = isRedisUnavailable(error)
      ? "Redis"
      : isDatabaseUnavailable(error)
        ? "the database"
        : null;
    if (away) {
      request.log.warn({ err: withoutSqlParams(error) }, `${away} is away: answered 503`);
      reply.header("retry-after", String(UNAVAILABLE_RETRY_AFTER_SECONDS));
      return sendError(reply, 503, {
        code: ERROR_CODES.unavailable,
        message: "This is unavailable for a moment. Please try again in a few seconds.",
        retryAfter: UNAVAILABLE_RETRY_AFTER_SECONDS,
      });
    }
    request.log.error({ err: withoutSqlParams(error) }, "unhandled error");
    return sendError(reply, 500, { code: ERROR_CODES.internal, message: "Something went wrong" });
  });
}

/**
 * Fastify's own refusals before any route is found, which never reach the error handler: pass as
 * `frameworkErrors` to `Fastify({...})`. The path is not echoed, as it may be 10,000 characters.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error.code === "FST_ERR_BAD_URL") {
    return sendError(reply, 400, {
      code: ERROR_CODES.validation,
      message: "This address is not valid.",
    });
  }
  if (error.code === "FST_ERR_MAX_PARAM_LENGTH") {
    return sendError(reply, 414, {
      code: ERROR_CODES.validation,
      message: "This address is too long.",
    });
  }
  request.log.error({ err: error }, "unhandled framework error");
  return sendError(reply, 500, { code: ERROR_CODES.internal, message: "Something went wrong" });
}

const CLIENT_ERRORS: Record<string, { status: number; code: string; message: string }> = {
  HPE_HEADER_OVERFLOW: {
    status: 431,
    code: ERROR_CODES.validation,
    message: "The request headers are too large.",
  },
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    code: ERROR_CODES.requestTimeout,
    message: "The request took too long to arrive.",
  },
};

/**
 * Node's own refusals before Fastify sees a request (a header block over 16 KB, a malformed
 * request line, a timeout): pass as `clientErrorHandler`. Written on the socket, in the API shape.
 */
export function clientErrorHandler(
  this: FastifyInstance,
  error: Error & { code?: string },
  socket: Socket,
) {
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  const known = CLIENT_ERRORS[error.code ?? ""] ?? {
    status: 400,
    code: ERROR_CODES.validation,
    message: "This request could not be read.",
  };
  // No request was read, so no id came with one: a new id, logged with the refusal.
  const requestId = randomUUID();
  this.log.debug({ err: error, reqId: requestId }, "client error");
  if (socket.writable) {
    const body = JSON.stringify({
      error: { code: known.code, message: known.message, requestId },
    });
    socket.write(
      `HTTP/1.1 ${known.status} ${STATUS_CODES[known.status]}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\nX-Request-Id: ${requestId}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
