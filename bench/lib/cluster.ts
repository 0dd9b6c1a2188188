// Many instances, one product (docs/operations.md "Behind a load balancer"): N compiled app
// instances on one PostgreSQL database, one Redis and one S3 store (s3rver), behind Debian's
// nginx with WebSocket upgrade, as an operator would run them. nginx is installed with apt-get
// when it is missing. `stop` tears everything down: nginx, the instances, the store, the database.
import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  type ChildServer,
  freePort,
  startServer,
  stopServer,
} from "../../src/server/test-support/child-server";
import { startLocalS3 } from "../../src/server/test-support/local-services";
import { createPostgresDatabase } from "../../src/server/test-support/test-db";

export interface Cluster {
  /** nginx's address: where people and the load go. */
  url: string;
  instances: ChildServer[];
  databaseUrl: string;
  /** A rolling restart of instance `i`, as an operator does it with nginx (docs/operations.md
   * "Behind a load balancer"): out of the upstream (nginx reloads; its old workers finish what
   * they sent), SIGTERM (it drains), started again on the same port, back in the upstream. */
  restart(i: number): Promise<void>;
  stop(): Promise<void>;
}

const NGINX = "/usr/sbin/nginx";

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
 * instance when one is draining or gone. */
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
      proxy_next_upstream error timeout http_502 http_503;
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
  /** More for every instance's environment (a bench's SESSION_SECRET, for one). */
  env?: Record<string, string>;
}): Promise<Cluster> {
  ensureNginx();
  const pgServer = options.pgServer ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const redisUrl = options.redisUrl ?? "redis://127.0.0.1:6379";
  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const dir = mkdtempSync(path.join(tmpdir(), "chtcht-cluster-"));
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
  for (const instancePort of ports) instances.push(await startServer({ port: instancePort, env }));
  const confFile = path.join(dir, "nginx.conf");
  writeFileSync(confFile, nginxConfig({ dir, port, upstreams: ports }));
  const nginx = spawn(NGINX, ["-c", confFile, "-g", "daemon off;"], { stdio: "inherit" });
  const upstreamOf = async (upstreams: number[]) => {
    writeFileSync(confFile, nginxConfig({ dir, port, upstreams }));
    execFileSync(NGINX, ["-c", confFile, "-g", "daemon off;", "-s", "reload"]);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  };
  for (let i = 0; i < 100; i++) {
    const ok = await fetch(`${url}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    instances,
    databaseUrl: database.url,
    async restart(i) {
      const old = instances[i] as ChildServer;
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
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
