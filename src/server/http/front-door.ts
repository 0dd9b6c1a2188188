// Answers that need nothing of the framework, given where Node hands over the request, before
// Fastify sees it (docs/architecture.md "Request path"): the build's files and /healthz. Each is a
// fixed answer chosen by the request's headers (no body, no session, no database), so it pays
// for what it uses: the request id, the security headers, the access log line and the request
// histogram, the same as through Fastify, whose hook chain and reply machinery cost a trivial
// request about half of its time (docs/performance.md "Trivial routes"). The same answer is also a
// Fastify route: injected requests (tests) and any URL form not matched here exactly (a query
// string, an escaped character) get it from there.
import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from "node:http";
import proxyAddr from "@fastify/proxy-addr";
import type { FastifyBaseLogger, FastifyInstance, FastifyServerFactory } from "fastify";
import type { Metrics } from "../infra/metrics";
import { InFlight } from "./in-flight";
import { logAnswered, REQUEST_ID_HEADER, requestIdOf } from "./request-id";
import type { SecurityHeadersFor } from "./security-headers";

/** A fixed answer: its status, its own headers (content type, caching) and its body. A route
 * gives the same object for the same answer, so its headers are worked out once. */
export interface PlainAnswer {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  /** Left out of a 304 and of any answer to HEAD. */
  readonly body: Buffer;
}

/** A route's answer from the request's headers alone. */
export type PlainRoute = (headers: IncomingHttpHeaders) => PlainAnswer;

interface FrontDoorOptions {
  log: FastifyBaseLogger;
  metrics: Metrics;
  securityHeaders: SecurityHeadersFor;
  /** TRUST_PROXY: the client's address from X-Forwarded-For, as Fastify's `request.ip`. */
  trustProxy: boolean;
}

/** What Fastify sets on a server it makes itself (fastify/lib/server.js). */
interface ServerTimeouts {
  keepAliveTimeout: number;
  requestTimeout: number;
  connectionTimeout: number;
  maxRequestsPerSocket: number;
}

const trustAll = () => true;
const withoutBody = (answer: PlainAnswer, method: string) =>
  answer.status === 304 || method === "HEAD";
const CLOSE = ["connection", "close"] as const;

export class FrontDoor {
  readonly #routes = new Map<string, PlainRoute>();
  /** Each answer's headers as Node's flat name–value list, worked out on its first use. */
  readonly #headers = new WeakMap<PlainAnswer, readonly string[]>();
  readonly #options: FrontDoorOptions;
  /** Every request, as it arrives: what the instance's drain waits for (http/in-flight.ts). */
  readonly inFlight = new InFlight();

  constructor(options: FrontDoorOptions) {
    this.#options = options;
  }

  /** Answers GET and HEAD of `path` at the door, and registers the same as a Fastify route. */
  route(app: FastifyInstance, path: string, answer: PlainRoute, hide = false): void {
    this.#routes.set(path, answer);
    app.get(path, { schema: { hide } }, (request, reply) => {
      const plain = answer(request.headers);
      reply.code(plain.status).headers(plain.headers);
      // Fastify's HEAD route sends the GET's headers, its length included, without the body.
      return plain.status === 304 ? reply.send() : reply.send(plain.body);
    });
  }

  /** Fastify's `serverFactory`: an HTTP/1.1 server whose requests meet the door first, set up
   * with the timeouts Fastify gives a server of its own. */
  readonly serverFactory: FastifyServerFactory = (handler, options): Server => {
    const server = createServer((request, response) => {
      if (this.#answer(request, response)) return;
      this.inFlight.passed(response);
      handler(request, response);
    });
    // Fastify has filled in its defaults by now.
    const timeouts = options as unknown as ServerTimeouts;
    server.keepAliveTimeout = timeouts.keepAliveTimeout;
    server.requestTimeout = timeouts.requestTimeout;
    server.setTimeout(timeouts.connectionTimeout);
    if (timeouts.maxRequestsPerSocket > 0) {
      server.maxRequestsPerSocket = timeouts.maxRequestsPerSocket;
    }
    return server;
  };

  /** Whether the door answered; a method or URL it does not know goes on to Fastify. */
  #answer(request: IncomingMessage, response: ServerResponse): boolean {
    const { method = "", url = "" } = request;
    if (method !== "GET" && method !== "HEAD") return false;
    const route = this.#routes.get(url);
    if (!route) return false;
    const started = performance.now();
    const id = requestIdOf(request);
    const answer = route(request.headers);
    const headers = [...this.#headersOf(answer), REQUEST_ID_HEADER, id];
    if (this.inFlight.draining) headers.push(...CLOSE);
    if (withoutBody(answer, method)) response.writeHead(answer.status, headers).end();
    else response.writeHead(answer.status, headers).end(answer.body);
    this.inFlight.answered();
    this.#record(request, id, url, answer.status, performance.now() - started);
    return true;
  }

  /** The answer's own headers, the security headers it lacks, and its length (which a 304 has
   * none of; an answer to HEAD has the GET's). */
  #headersOf(answer: PlainAnswer): readonly string[] {
    const known = this.#headers.get(answer);
    if (known) return known;
    const headers: Record<string, string> = { ...answer.headers };
    for (const [name, value] of this.#options.securityHeaders(answer.headers["content-type"])) {
      if (!(name in headers)) headers[name] = value;
    }
    if (answer.status !== 304) headers["content-length"] = String(answer.body.length);
    const flat = Object.entries(headers).flat();
    this.#headers.set(answer, flat);
    return flat;
  }

  /** The access log line (http/request-id.ts) and the histogram (http/metrics-route.ts). */
  #record(request: IncomingMessage, id: string, url: string, status: number, ms: number) {
    const { log, metrics, trustProxy } = this.#options;
    const method = request.method as string;
    logAnswered(log, {
      reqId: id,
      method,
      url,
      statusCode: status,
      ip: trustProxy ? proxyAddr(request, trustAll) : request.socket.remoteAddress,
      ms,
    });
    metrics.observeRequest(method, url, status, ms);
  }
}
