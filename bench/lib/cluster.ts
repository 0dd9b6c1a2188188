// Many instances, one product (docs/operations.md "Behind a load balancer"): N compiled app
// instances on one PostgreSQL database, one Redis and one S3 store (s3rver), behind Debian's
// nginx with WebSocket upgrade, as an operator would run them. nginx is installed with apt-get
// when it is missing. `stop` tears everything down: nginx, the instances, the store, the database.
// With `tls`, nginx runs the shipped deploy/nginx/chtcht.conf (TLS, HTTP/2) with a self-signed
// certificate that the cluster's `fetch` and `ca` trust. With `ownServices`, PostgreSQL and Redis
// are servers of the cluster's own, which it can restart (faults for a bench); never the
// machine's.
import { execFileSync, spawn } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Agent, fetch as undiciFetch } from "undici";
import {
  type ChildServer,
  freePort,
  startServer,
  stopServer,
} from "../../src/server/test-support/child-server";
import { startLocalS3 } from "../../src/server/test-support/local-services";
import { NGINX, nginxMainConfig, renderNginxSite } from "../../src/server/test-support/nginx-site";
import { selfSignedCertificate } from "../../src/server/test-support/page-server";
import { type OwnPostgres, startOwnPostgres } from "../../src/server/test-support/postgres-server";
import { type OwnRedis, startOwnRedis } from "../../src/server/test-support/redis-server";
import { createPostgresDatabase } from "../../src/server/test-support/test-db";
import { sleep } from "./stats";

export interface Cluster {
  /** nginx's address: where people and the load go (https with `tls`). */
  url: string;
  /** The certificate nginx presents, with `tls` (for a WebSocket's `ca`). */
  ca?: string;
  /** fetch that trusts `ca`: for requests to `url`. */
  fetch: typeof undiciFetch;
  instances: ChildServer[];
  /** What every instance process printed, those restarted or killed included. */
  output(): string[];
  databaseUrl: string;
  redisUrl: string;
  /** `kill -9` of instance `i` as a crash: nginx is not told; after `pauseMs` it is started
   * again on the same port and data, as a supervisor restarts it. */
  kill(i: number, pauseMs: number): Promise<void>;
  /** With `ownServices`: Redis killed (every connection drops), down `downMs`, started again
   * empty on the same port (no persistence, as docs/operations.md "Redis" allows). */
  restartRedis(downMs: number): Promise<void>;
  /** With `ownServices`: PostgreSQL stopped (fast: sessions ended), down `downMs`, started again
   * on the same port and data. */
  restartPostgres(downMs: number): Promise<void>;
  /** A rolling restart of instance `i`, as an operator does it with nginx (docs/operations.md
   * "Behind a load balancer"): out of the upstream (nginx reloads; its old workers finish what
   * they sent), SIGTERM (it drains), started again on the same port, back in the upstream. */
  restart(i: number): Promise<void>;
  stop(): Promise<void>;
}

export function ensureNginx(): void {
  if (existsSync(NGINX)) return;
  console.log("nginx is missing: installing it with apt-get (Debian's nginx package)…");
  execFileSync("apt-get", ["install", "-y", "--no-install-recommends", "nginx"], {
    stdio: "inherit",
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  });
}

/** The configuration: one upstream of every instance, HTTP/1.1 kept alive to them, WebSocket
 * upgrades passed through, the client's address passed on, idempotent requests retried on another
 * instance when one is gone (not on a 503: deploy/nginx/chtcht.conf says why). */
export function nginxConfig(options: { dir: string; port: number; upstreams: number[] }): string {
  const servers = options.upstreams
    .map((port) => `    server 127.0.0.1:${port} max_fails=1 fail_timeout=2s;`)
    .join("\n");
  return `worker_processes 1;
pid ${options.dir}/nginx.pid;
error_log ${options.dir}/error.log warn;
events { worker_connections 8192; }
http {
  access_log off;
  client_body_temp_path ${options.dir}/body;
  proxy_temp_path ${options.dir}/proxy;
  fastcgi_temp_path ${options.dir}/fastcgi;
  uwsgi_temp_path ${options.dir}/uwsgi;
  scgi_temp_path ${options.dir}/scgi;
  upstream chtcht {
${servers}
    keepalive 64;
  }
  map $http_upgrade $connection_upgrade {
    default upgrade;
    '' '';
  }
  server {
    listen 127.0.0.1:${options.port};
    client_max_body_size 12m;
    location / {
      proxy_pass http://chtcht;
      proxy_http_version 1.1;
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      proxy_read_timeout 1h;
      proxy_next_upstream error timeout http_502;
    }
  }
}
`;
}

export async function startCluster(options: {
  instances: number;
  port?: number;
  pgServer?: string;
  redisUrl?: string;
  /** nginx with the shipped configuration over TLS (`port` is then its HTTPS port). */
  tls?: boolean;
  /** A PostgreSQL and a redis-server of the cluster's own, which it may restart. */
  ownServices?: boolean;
  /** More for every instance's environment (a bench's SESSION_SECRET, for one). */
  env?: Record<string, string>;
}): Promise<Cluster> {
  ensureNginx();
  const ownPostgres: OwnPostgres | null = options.ownServices ? await startOwnPostgres() : null;
  const ownRedis: OwnRedis | null = options.ownServices
    ? await startOwnRedis(["--appendonly", "no"])
    : null;
  const pgServer =
    ownPostgres?.url ?? options.pgServer ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const redisUrl = ownRedis?.url ?? options.redisUrl ?? "redis://127.0.0.1:6379";
  const port = options.port ?? (await freePort());
  const url = options.tls ? `https://127.0.0.1:${port}` : `http://127.0.0.1:${port}`;
  const dir = mkdtempSync(path.join(tmpdir(), "chtcht-cluster-"));
  // nginx's workers run as nobody and keep request bodies in this directory.
  chmodSync(dir, 0o755);
  const tls = options.tls ? selfSignedCertificate(["127.0.0.1", "localhost"]) : null;
  if (tls) {
    writeFileSync(path.join(dir, "fullchain.pem"), tls.cert);
    writeFileSync(path.join(dir, "privkey.pem"), tls.key);
  }
  const httpPort = await freePort();
  const dispatcher = new Agent({ connect: tls ? { ca: tls.cert } : {} });
  const clusterFetch: typeof undiciFetch = (input, init) =>
    undiciFetch(input, { dispatcher, ...init });
  const database = await createPostgresDatabase(pgServer);
  const s3 = await startLocalS3(["chtcht-media"]);
  const env = {
    DATABASE_URL: database.url,
    REDIS_URL: redisUrl,
    S3_ENDPOINT: s3.endpoint,
    S3_BUCKET: "chtcht-media",
    S3_ACCESS_KEY_ID: "S3RVER",
    S3_SECRET_ACCESS_KEY: "S3RVER",
    PUBLIC_URL: url,
    ...options.env,
  };
  const ports = await Promise.all(Array.from({ length: options.instances }, () => freePort()));
  // One at a time: the first applies the migrations, the others find nothing to do.
  const instances: ChildServer[] = [];
  const retired: ChildServer[] = [];
  for (const instancePort of ports) instances.push(await startServer({ port: instancePort, env }));
  const confFile = path.join(dir, "nginx.conf");
  const siteFile = path.join(dir, "chtcht.conf");
  const writeConfig = (upstreams: number[]) => {
    if (!tls) {
      writeFileSync(confFile, nginxConfig({ dir, port, upstreams }));
      return;
    }
    writeFileSync(
      siteFile,
      renderNginxSite({ httpPort, httpsPort: port, certDir: dir, upstreams }),
    );
    writeFileSync(confFile, nginxMainConfig(dir, siteFile, 8192));
  };
  writeConfig(ports);
  const nginxArgs = ["-c", confFile, "-e", path.join(dir, "error.log"), "-g", "daemon off;"];
  const nginx = spawn(NGINX, nginxArgs, { stdio: "inherit" });
  const upstreamOf = async (upstreams: number[]) => {
    writeConfig(upstreams);
    execFileSync(NGINX, [...nginxArgs, "-s", "reload"]);
    await sleep(1000);
  };
  for (let i = 0; i < 100; i++) {
    const ok = await clusterFetch(`${url}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await sleep(100);
  }
  const own = <T>(service: T | null, name: string): T => {
    if (!service) throw new Error(`${name} is the machine's: start the cluster with ownServices`);
    return service;
  };
  return {
    url,
    ...(tls ? { ca: tls.cert } : {}),
    fetch: clusterFetch,
    instances,
    output: () => [...retired, ...instances].map((instance) => instance.output()),
    databaseUrl: database.url,
    redisUrl,
    async kill(i, pauseMs) {
      const old = instances[i] as ChildServer;
      retired.push(old);
      await stopServer(old, "SIGKILL");
      await sleep(pauseMs);
      instances[i] = await startServer({ port: ports[i] as number, dataDir: old.dataDir, env });
    },
    async restartRedis(downMs) {
      const redis = own(ownRedis, "Redis");
      await redis.kill();
      await sleep(downMs);
      await redis.start();
    },
    async restartPostgres(downMs) {
      const postgres = own(ownPostgres, "PostgreSQL");
      await postgres.stop();
      await sleep(downMs);
      await postgres.start();
    },
    async restart(i) {
      const old = instances[i] as ChildServer;
      retired.push(old);
      await upstreamOf(ports.filter((_, j) => j !== i));
      await stopServer(old);
      instances[i] = await startServer({
        port: ports[i] as number,
        dataDir: old.dataDir,
        env,
      });
      await upstreamOf(ports);
    },
    async stop() {
      const exited = new Promise((resolve) => nginx.once("exit", resolve));
      nginx.kill("SIGQUIT");
      await exited;
      await Promise.all(instances.map((instance) => stopServer(instance)));
      for (const instance of instances) rmSync(instance.dataDir, { recursive: true, force: true });
      await s3.close();
      await database.drop();
      await dispatcher.close();
      await ownRedis?.close();
      await ownPostgres?.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
