// Someone's website for the website checks' tests (docs/profiles-and-media.md "Verified links"):
// a real HTTPS server on a loopback address and an ephemeral port, with a throw-away self-signed
// certificate for the names and addresses the test gives, that answers each path with the page
// the test sets and counts the requests it sees.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { createServer, type Server } from "node:https";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

export type PageHandler = (request: IncomingMessage, response: ServerResponse) => void;

export interface PageServer {
  port: number;
  /** The PEM certificate a client must trust. */
  cert: string;
  /** Requests seen, by path. */
  hits: Map<string, number>;
  total(): number;
  route(pathname: string, handler: PageHandler): void;
  close(): Promise<void>;
}

/** A throw-away certificate for `names` (DNS names and IP addresses). */
export function selfSignedCertificate(names: string[]): { key: string; cert: string } {
  const dir = mkdtempSync(path.join(tmpdir(), "chtcht-page-tls-"));
  const keyFile = path.join(dir, "key.pem");
  const certFile = path.join(dir, "cert.pem");
  const san = names.map((name) => (/^[\d.]+$|:/.test(name) ? `IP:${name}` : `DNS:${name}`));
  try {
    execFileSync(
      "openssl",
      [
        "req",
        "-x509",
        "-newkey",
        "ec",
        "-pkeyopt",
        "ec_paramgen_curve:prime256v1",
        "-nodes",
        "-days",
        "1",
        "-subj",
        `/CN=${names[0]}`,
        "-addext",
        `subjectAltName=${san.join(",")}`,
        "-keyout",
        keyFile,
        "-out",
        certFile,
      ],
      { stdio: "ignore" },
    );
    return { key: readFileSync(keyFile, "utf8"), cert: readFileSync(certFile, "utf8") };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function startPageServer(
  tls: { key: string; cert: string },
  host = "127.0.0.1",
): Promise<PageServer> {
  const routes = new Map<string, PageHandler>();
  const hits = new Map<string, number>();
  const server: Server = createServer(tls, (request, response) => {
    const pathname = new URL(request.url ?? "/", "https://x").pathname;
    hits.set(pathname, (hits.get(pathname) ?? 0) + 1);
    const handler = routes.get(pathname);
    if (handler) handler(request, response);
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return {
    port: (server.address() as AddressInfo).port,
    cert: tls.cert,
    hits,
    total: () => [...hits.values()].reduce((sum, n) => sum + n, 0),
    route: (pathname, handler) => routes.set(pathname, handler),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** An HTML page answer. */
export const html =
  (body: string): PageHandler =>
  (_request, response) => {
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(body);
  };

/** A redirect answer. */
export const redirect =
  (location: string, status = 302): PageHandler =>
  (_request, response) => {
    response.writeHead(status, { location }).end();
  };
