// One id per request (docs/operations.md "Logs"): on every log line of the request (Fastify's
// child logger binds it as `reqId`), in every error answer (`error.requestId`) and in the
// `X-Request-Id` response header. A proxy's `X-Request-Id` is kept when it is short and plain, so
// one id follows a request across hops; anything else is replaced, so a client cannot write
// arbitrary text into the log.
import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { FastifyBaseLogger, FastifyInstance } from "fastify";

export const REQUEST_ID_HEADER = "x-request-id";
const SAFE_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** Fastify's `genReqId`: the incoming `X-Request-Id` when safe, else a new UUID. */
export function requestIdOf(raw: IncomingMessage): string {
  const given = raw.headers[REQUEST_ID_HEADER];
  return typeof given === "string" && SAFE_ID.test(given) ? given : randomUUID();
}

/** Sends the id back on every answer; registered first, so a hook that answers early has it. */
export function registerRequestIdHeader(app: FastifyInstance) {
  app.addHook("onRequest", (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
}

/** One log line per request, when its answer is sent (docs/operations.md "Logs"): Fastify's two
 * (on arrival and on completion, each with its request serialiser) cost a trivial request about
 * a tenth of its time (docs/performance.md "Trivial routes"). */
export function registerAccessLog(app: FastifyInstance) {
  app.addHook("onResponse", (request, reply, done) => {
    logAnswered(request.log, {
      method: request.method,
      url: request.url,
      statusCode: reply.statusCode,
      ip: request.ip,
      ms: reply.elapsedTime,
    });
    done();
  });
}

/** The access log line of an answered request; `log` carries its `reqId`, or `reqId` is given
 * (the front door has no child logger: http/front-door.ts). */
export function logAnswered(
  log: FastifyBaseLogger,
  answered: {
    reqId?: string;
    method: string;
    url: string;
    statusCode: number;
    ip: string | undefined;
    ms: number;
  },
): void {
  // Field by field: a property written after a spread takes V8's slow path, built here for every
  // answer, logged or not: a third of a static file's cost (docs/performance.md "Trivial routes").
  // pino leaves out an undefined reqId.
  const line = {
    reqId: answered.reqId,
    method: answered.method,
    url: answered.url,
    statusCode: answered.statusCode,
    ip: answered.ip,
    responseTime: Math.round(answered.ms * 10) / 10,
  };
  log.info(line, "request completed");
}
