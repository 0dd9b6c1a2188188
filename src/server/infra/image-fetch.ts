// Reads an image from another server for our media pipeline (docs/federation.md "Images from
// elsewhere") without letting that server aim us at our own network: only http and https; an
// address literal must be public (public-address.ts), and a name is checked at the moment of the
// connection, on the very addresses it connects to, so a name that changes its answer between a
// check and the connection (DNS rebinding) cannot reach anything else. At most 3 redirects, each
// checked the same way; 10 s for the whole fetch; a body above `maxBytes` is refused, not cut.
// `allowPrivate` (FEDERATION_ALLOW_PRIVATE, tests and closed networks) lifts the address checks.
import { type LookupAddress, lookup } from "node:dns";
import { isIP } from "node:net";
import { Agent, fetch, type Response } from "undici";
import { mayConnectTo } from "./public-address";

export interface ImageFetchOptions {
  allowPrivate: boolean;
  maxBytes: number;
  userAgent: string;
  timeoutMs?: number;
}

/** The image's bytes, or why it was not read. */
export type FetchedImage = { ok: true; bytes: Buffer } | { ok: false; reason: string };

const TIMEOUT_MS = 10_000;
const MAX_REDIRECTS = 3;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

class Refused extends Error {}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/** Connections only to public addresses: every address a name resolves to must be one. */
const publicOnly = new Agent({
  connect: {
    lookup(hostname: string, options: { all?: boolean }, callback: LookupCallback) {
      lookup(hostname, { all: true }, (error, addresses) => {
        if (error) return callback(error, []);
        const refused = addresses.find((a) => !mayConnectTo(a.address));
        const first = addresses[0];
        if (refused || !first) {
          const why = refused ? `is at ${refused.address}, not a public address` : "has no address";
          return callback(
            Object.assign(new Refused(`${hostname} ${why}`), { code: "EREFUSED" }),
            [],
          );
        }
        if (options.all) callback(null, addresses);
        else callback(null, first.address, first.family);
      });
    },
  },
});

function checkUrl(url: URL, allowPrivate: boolean) {
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw new Refused(`${url.protocol} is not http or https`);
  }
  if (url.username || url.password) throw new Refused("an address with credentials");
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  if (!allowPrivate && isIP(host) && !mayConnectTo(host)) {
    throw new Refused(`${host} is not a public address`);
  }
}

async function readBounded(response: Response, maxBytes: number): Promise<Buffer> {
  const declared = Number(response.headers.get("content-length") ?? "0");
  if (declared > maxBytes) throw new Refused(`${declared} bytes is more than ${maxBytes}`);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response.body ?? []) {
    size += chunk.length;
    if (size > maxBytes) throw new Refused(`more than ${maxBytes} bytes`);
    chunks.push(Buffer.from(chunk));
  }
  return Buffer.concat(chunks);
}

async function fetchBytes(start: string, options: ImageFetchOptions, signal: AbortSignal) {
  let url = new URL(start);
  for (let redirects = 0; ; redirects++) {
    checkUrl(url, options.allowPrivate);
    const response = await fetch(url, {
      redirect: "manual",
      signal,
      headers: { "user-agent": options.userAgent, accept: "image/*" },
      ...(options.allowPrivate ? {} : { dispatcher: publicOnly }),
    });
    const location = response.headers.get("location");
    if (REDIRECTS.has(response.status) && location) {
      await response.body?.cancel();
      if (redirects >= MAX_REDIRECTS) throw new Refused("too many redirects");
      url = new URL(location, url);
      continue;
    }
    if (response.status !== 200) {
      await response.body?.cancel();
      throw new Refused(`the image answered ${response.status}`);
    }
    return readBounded(response, options.maxBytes);
  }
}

export async function fetchImage(url: string, options: ImageFetchOptions): Promise<FetchedImage> {
  const timeoutMs = options.timeoutMs ?? TIMEOUT_MS;
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    return { ok: true, bytes: await fetchBytes(url, options, signal) };
  } catch (error) {
    if (signal.aborted) return { ok: false, reason: `no answer within ${timeoutMs} ms` };
    const cause = (error as { cause?: unknown }).cause;
    const reason = cause instanceof Error ? cause.message : (error as Error).message;
    return { ok: false, reason: reason ?? String(error) };
  }
}
