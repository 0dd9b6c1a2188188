// Two instances of ours for the federation browser test (docs/federation.md "Tests", "In the web
// app"): each is the compiled server (dist/server/main.js) on its own embedded database, named
// https://a.test and https://b.test and served over real TLS by a front on loopback that pipes to
// its plain port, with one throw-away certificate for every name. Each server reaches the others
// by name through fediverse-preload.mjs (loaded with `node --import`); the browser reaches them
// through Chromium's host resolver rules (`MAP a.test 127.0.0.1:{front}`), so the page's origin is
// https://a.test as PUBLIC_URL says, and the session cookie, Secure, is kept. Their mail goes to
// the e2e SMTP sink, where mail.ts reads the codes. Each server's log is
// .test-data/e2e-fediverse/{pid}/{name}.log. Nothing leaves the machine.
import { type ChildProcess, spawn } from "node:child_process";
import { createWriteStream, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { type AddressInfo, createServer, connect as netConnect, type Server } from "node:net";
import path from "node:path";
import { createServer as createTlsServer } from "node:tls";
import { fileURLToPath } from "node:url";
import { selfSignedCertificate } from "../../src/server/test-support/page-server";
import { E2E_SMTP_SINK_PORT } from "./env";

export interface Instance {
  /** The server's name and mail domain: a.test. */
  name: string;
  /** https://a.test */
  url: string;
  /** The app's plain HTTP port on 127.0.0.1. */
  port: number;
  /** The TLS front's port on 127.0.0.1, which https://{name} reaches. */
  frontPort: number;
}

export interface Fediverse {
  instances: Record<string, Instance>;
  /** Chromium's flag that sends each name to its front. */
  hostResolverRules: string;
  close(): Promise<void>;
}

const ROOT = path.resolve(".test-data/e2e-fediverse");
const PRELOAD = fileURLToPath(new URL("./fediverse-preload.mjs", import.meta.url));

/** A port free on 127.0.0.1 now (the OS's pick), for a process about to listen on it. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A TLS front for every name at once, piping each connection to `port` on 127.0.0.1. */
async function tlsFront(tls: { key: string; cert: string }, port: number): Promise<Server> {
  const server = createTlsServer({ key: tls.key, cert: tls.cert }, (secure) => {
    const upstream = netConnect(port, "127.0.0.1");
    secure.pipe(upstream).pipe(secure);
    secure.on("error", () => upstream.destroy());
    upstream.on("error", () => secure.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return server;
}

async function healthy(port: number, child: ChildProcess, log: string): Promise<void> {
  const until = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited early; see ${log}`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/healthz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > until) throw new Error(`the server did not start; see ${log}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const killer = setTimeout(() => child.kill("SIGKILL"), 10_000);
    child.once("exit", () => {
      clearTimeout(killer);
      resolve();
    });
    child.kill("SIGTERM");
  });
}

/** Starts an instance of ours for each name, each behind its TLS front, all on one test net. */
export async function startFediverse(names: string[]): Promise<Fediverse> {
  // The last run's databases and logs go; this run's stay until the next, to read after a failure.
  rmSync(ROOT, { recursive: true, force: true });
  const run = path.join(ROOT, String(process.pid));
  mkdirSync(run, { recursive: true });
  const tls = selfSignedCertificate(names);
  const caFile = path.join(run, "ca.pem");
  writeFileSync(caFile, tls.cert);

  const fronts: Server[] = [];
  const children: ChildProcess[] = [];
  const instances: Record<string, Instance> = {};
  const killAll = () => {
    for (const child of children) child.kill("SIGKILL");
  };
  process.once("exit", killAll);
  const close = async () => {
    process.off("exit", killAll);
    await Promise.all(children.map(stop));
    for (const front of fronts) {
      await new Promise<void>((resolve) => front.close(() => resolve()));
    }
  };

  try {
    for (const name of names) {
      const port = await freePort();
      const front = await tlsFront(tls, port);
      fronts.push(front);
      const frontPort = (front.address() as AddressInfo).port;
      instances[name] = { name, url: `https://${name}`, port, frontPort };
    }
    const frontList = Object.values(instances)
      .map(({ name, frontPort }) => `${name}=${frontPort}`)
      .join(",");
    await Promise.all(
      Object.values(instances).map(async ({ name, port }) => {
        const log = path.join(run, `${name}.log`);
        const output = createWriteStream(log);
        const child = spawn(
          process.execPath,
          ["--enable-source-maps", "--import", PRELOAD, "dist/server/main.js"],
          {
            stdio: ["ignore", "pipe", "pipe"],
            env: {
              ...process.env,
              NODE_ENV: "test",
              PORT: String(port),
              HOST: "127.0.0.1",
              PUBLIC_URL: `https://${name}`,
              MAIL_DOMAIN: name,
              DATA_DIR: path.join(run, name),
              LOG_LEVEL: "warn",
              FEDERATION_ALLOW_PRIVATE: "true",
              SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_SINK_PORT}`,
              SMTP_INBOUND_PORT: String(await freePort()),
              NEW_ACCOUNT_DAYS: "0",
              FEDIVERSE_FRONTS: frontList,
              FEDIVERSE_CA: caFile,
            },
          },
        );
        children.push(child);
        child.stdout?.pipe(output);
        child.stderr?.pipe(output);
        await healthy(port, child, log);
      }),
    );
  } catch (error) {
    await close();
    throw error;
  }

  return {
    instances,
    hostResolverRules: Object.values(instances)
      .map(({ name, frontPort }) => `MAP ${name} 127.0.0.1:${frontPort}`)
      .join(","),
    close,
  };
}
