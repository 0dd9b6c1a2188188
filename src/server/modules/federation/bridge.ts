// Fastify in front of the federation (docs/federation.md "Requests"): a hook that hands Fedify the
// federation paths, and GETs of a profile or post page that ask for ActivityStreams, as Web
// requests built from the raw, unparsed body (so a signed digest matches the bytes). Anything the
// federation does not serve (a page asked for as HTML, a path it does not know) goes on to the
// app's own routes; no /api request pays for the hook beyond a prefix check.
import type { Federation } from "@fedify/fedify";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { pageRoute } from "../../../domain/page-routes";
import { forbidden, payloadTooLarge } from "../../errors";
import type { RateLimits } from "../../infra/rate-limit";

/** An inbox POST larger than this is refused before it is read further (Mastodon caps at 1 MB). */
export const INBOX_BODY_LIMIT = 256 * 1024;

const FEDERATION_PREFIXES = [
  "/ap/",
  "/.well-known/webfinger",
  "/.well-known/nodeinfo",
  "/nodeinfo/",
];
const ACTIVITY_TYPES = /application\/activity\+json|application\/ld\+json/i;

export interface BridgeOptions {
  base: string;
  limits: RateLimits;
  /** Whether a moderator suspended this server: its inbox POSTs are refused at the door. */
  refusesServer(host: string): Promise<boolean>;
  /** The federation path that serves a page's JSON-LD (an actor or a note), when the page has one. */
  objectPathOf(route: ReturnType<typeof pageRoute>): Promise<string | null>;
}

const isFederationPath = (url: string) => FEDERATION_PREFIXES.some((p) => url.startsWith(p));

export function registerFederationBridge(
  app: FastifyInstance,
  federation: Federation<void>,
  options: BridgeOptions,
) {
  app.addHook("onRequest", (request, reply, done) => {
    const path = request.url;
    const wanted =
      isFederationPath(path) ||
      ((request.method === "GET" || request.method === "HEAD") &&
        ACTIVITY_TYPES.test(request.headers.accept ?? ""));
    // Most requests leave here without a promise: the hook costs them one check.
    if (!wanted) return done();
    answer(request, reply).then(
      (answered) => {
        if (!answered) done();
      },
      (error: unknown) => done(error as Error),
    );
  });

  /** Whether the federation answered; false hands the request on to the app's routes. */
  async function answer(request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    let path = request.url;
    if (!isFederationPath(path)) {
      const pathname = path.split("?")[0] ?? "/";
      const objectPath = await options.objectPathOf(pageRoute(safeDecode(pathname)));
      if (!objectPath) return false;
      path = objectPath;
    }
    if (request.method === "POST") {
      const host = await spendInboxBudget(request, options.limits);
      if (await options.refusesServer(host)) {
        throw forbidden(`This server does not take activities from ${host}.`);
      }
    }
    const body = request.method === "POST" ? await readBody(request) : undefined;
    let handOver = false;
    const response = await federation.fetch(
      new Request(`${options.base}${path}`, {
        method: request.method,
        headers: headersOf(request),
        body: body ? new Uint8Array(body) : undefined,
      }),
      {
        contextData: undefined,
        onNotFound: () => {
          handOver = true;
          return new Response(null, { status: 404 });
        },
        onNotAcceptable: () => {
          handOver = true;
          return new Response(null, { status: 406 });
        },
      },
    );
    if (handOver && !isFederationPath(request.url)) return false;
    await send(reply, response);
    return true;
  }
}

function safeDecode(pathname: string): string {
  try {
    return decodeURI(pathname);
  } catch {
    return pathname;
  }
}

function headersOf(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (Array.isArray(value)) for (const one of value) headers.append(name, one);
    else if (value !== undefined) headers.set(name, value);
  }
  return headers;
}

/** The key's host names the server that signs: its budget, before anything is verified; the host. */
async function spendInboxBudget(request: FastifyRequest, limits: RateLimits): Promise<string> {
  const signature = `${request.headers.signature ?? ""} ${request.headers["signature-input"] ?? ""}`;
  const keyId = /keyid="([^"]+)"/i.exec(signature)?.[1];
  let host = "unsigned";
  try {
    if (keyId) host = new URL(keyId).host;
  } catch {
    host = "malformed";
  }
  await limits.consume("inboxPerServer", host);
  return host;
}

async function readBody(request: FastifyRequest): Promise<Buffer> {
  const declared = Number(request.headers["content-length"] ?? 0);
  if (declared > INBOX_BODY_LIMIT) throw payloadTooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request.raw) {
    size += (chunk as Buffer).length;
    if (size > INBOX_BODY_LIMIT) throw payloadTooLarge();
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

async function send(reply: FastifyReply, response: Response) {
  reply.status(response.status);
  response.headers.forEach((value, name) => {
    reply.header(name, value);
  });
  const body = response.body ? Buffer.from(await response.arrayBuffer()) : null;
  return reply.send(body);
}
