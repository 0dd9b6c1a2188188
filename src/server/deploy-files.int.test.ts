// The deployment files in deploy/ (docs/operations.md "Deploy") checked with the tools that read
// them where this machine has them: systemd-analyze for the unit, promtool for Prometheus's files
// (scripts/ensure-services.sh provides it), the app's own config loader for env.example. No
// container engine runs here: the Containerfile and compose.yaml are checked for what they must
// say, and the compiled server's start log for the embedded database's warning.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { loadConfig } from "./config";
import { freePort } from "./test-support/child-server";

const root = path.resolve(import.meta.dirname, "../..");
const deployPath = (name: string) => path.join(root, "deploy", name);
const deployFile = (name: string) => readFileSync(deployPath(name), "utf8");
const temp = mkdtempSync(path.join(tmpdir(), "chtcht-deploy-files-"));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

/** `npm start`'s node arguments (package.json), which every other way of starting must pass. */
const startArgs = (
  JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as {
    scripts: { start: string };
  }
).scripts.start
  .replace(/^exec node /, "")
  .split(" ");

/** The variables the app reads: the names `loadConfig` asks its environment for. */
function configVariables(): string[] {
  const asked = new Set<string>();
  const env = new Proxy({} as NodeJS.ProcessEnv, {
    get(_target, name) {
      if (typeof name !== "string") return undefined;
      asked.add(name);
      return name === "DATA_DIR" ? temp : undefined;
    },
  });
  loadConfig(env);
  return [...asked];
}

describe("deploy/chtcht.service", () => {
  const unit = deployFile("chtcht.service");
  const verify = (text: string) => {
    const file = path.join(temp, "chtcht.service");
    writeFileSync(file, text);
    return spawnSync("systemd-analyze", ["verify", file], { encoding: "utf8" });
  };

  it("passes systemd-analyze verify with nothing to say, and a broken copy does not", () => {
    // The unit names Debian's /usr/bin/node; this machine's Node 24 may live elsewhere.
    const here = unit.replace(/^ExecStart=\/usr\/bin\/node /m, `ExecStart=${process.execPath} `);
    const good = verify(here);
    expect(good.stderr).toBe("");
    expect(good.status).toBe(0);
    const broken = verify(here.replace("Restart=on-failure", "Restart=on-failur"));
    expect(broken.stderr).toContain("on-failur");
  });

  it("execs node directly with npm start's flags, restarts on failure, and outwaits the drain", () => {
    expect(unit).toMatch(/^ExecStart=\/usr\/bin\/node (.+)$/m);
    const args = unit.match(/^ExecStart=\/usr\/bin\/node (.+)$/m)?.[1]?.split(" ");
    expect(args).toEqual(startArgs);
    expect(unit).toMatch(/^Restart=on-failure$/m);
    expect(unit).toMatch(/^KillSignal=SIGTERM$/m);
    expect(unit).toMatch(/^EnvironmentFile=\S+$/m);
    // The app exits at most 10 s after SIGTERM (serve.ts); systemd waits longer before SIGKILL.
    expect(Number(unit.match(/^TimeoutStopSec=(\d+)s$/m)?.[1])).toBeGreaterThan(10);
    for (const hardening of ["NoNewPrivileges=yes", "ProtectSystem=strict", "PrivateTmp=yes"]) {
      expect(unit).toContain(hardening);
    }
  });
});

describe("deploy/Containerfile", () => {
  const file = deployFile("Containerfile");

  it("builds with dev dependencies, then runs production dependencies and dist/ as a non-root user", () => {
    expect(file.match(/^FROM /gm)).toHaveLength(2);
    expect(file).toMatch(/^RUN npm run build/m);
    expect(file).toMatch(/npm prune --omit=dev/);
    const run = file.slice(file.lastIndexOf("\nFROM "));
    expect(run.match(/^COPY --from=build \/app\/(\S+)/gm)).toEqual([
      "COPY --from=build /app/package.json",
      "COPY --from=build /app/node_modules",
      "COPY --from=build /app/dist",
    ]);
    expect(run).toMatch(/^USER node$/m);
    expect(run).toMatch(/^VOLUME \["\/var\/lib\/chtcht"\]$/m);
    expect(run).toMatch(/^HEALTHCHECK .*\n.*\/healthz/m);
  });

  it("runs node in exec form with npm start's flags", () => {
    const cmd = JSON.parse(file.match(/^CMD (\[.+\])$/m)?.[1] ?? "null") as string[];
    expect(cmd).toEqual(["node", ...startArgs]);
  });
});

describe("deploy/env.example", () => {
  const lines = deployFile("env.example").split("\n");
  const named = (pattern: RegExp) =>
    lines.flatMap((line) => {
      const match = line.match(pattern);
      return match ? [[match[1] as string, match[2] as string] as const] : [];
    });
  const listed = named(/^#? ?([A-Z][A-Z0-9_]*)=(.*)$/);
  const set = named(/^([A-Z][A-Z0-9_]*)=(.*)$/);
  const composeOnly = ["POSTGRES_PASSWORD", "MINIO_ROOT_USER", "MINIO_ROOT_PASSWORD"];

  it("lists every variable the app reads, each under a comment", () => {
    const names = listed.map(([name]) => name);
    const missing = [...configVariables(), "LOG_LEVEL"].filter((name) => !names.includes(name));
    expect(missing).toEqual([]);
    // Each variable sits in a block of lines that a comment of words opens.
    const isVariable = (line: string) => /^#? ?[A-Z][A-Z0-9_]*=/.test(line);
    for (const [name] of listed) {
      let at = lines.findIndex((line) => line.replace(/^# ?/, "").startsWith(`${name}=`)) - 1;
      while (at > 0 && isVariable(lines[at] as string)) at -= 1;
      expect(lines[at], name).toMatch(/^##? \S/);
    }
  });

  it("lists nothing the app does not read, beyond compose.yaml's own passwords", () => {
    const known = new Set([...configVariables(), "LOG_LEVEL", ...composeOnly]);
    expect(listed.map(([name]) => name).filter((name) => !known.has(name))).toEqual([]);
    const compose = deployFile("compose.yaml");
    for (const name of composeOnly) expect(compose).toContain(`\${${name}:?`);
  });

  it("is a configuration the app accepts as it stands", () => {
    const env = Object.fromEntries(set.filter(([name]) => !composeOnly.includes(name)));
    const config = loadConfig({ ...env, DATA_DIR: temp });
    expect(config.databaseUrl).toMatch(/^postgres:/);
    expect(config.redisUrl).toMatch(/^redis:/);
    expect(config.trustProxy).toBe(true);
    expect(config.secureCookies).toBe(true);
  });
});

describe("deploy/compose.yaml", () => {
  interface Service {
    build?: { context: string; dockerfile: string };
    image?: string;
    env_file?: string;
    environment?: Record<string, string>;
    volumes?: string[];
    stop_grace_period?: string;
  }
  const compose = parse(deployFile("compose.yaml"), { merge: true }) as {
    services: Record<string, Service>;
  };
  const services = compose.services;

  it("runs two app instances of the Containerfile, PostgreSQL, Redis, an S3 store and nginx", () => {
    const apps = Object.entries(services).filter(
      ([, s]) => s.build?.dockerfile === "deploy/Containerfile",
    );
    expect(apps.length).toBeGreaterThanOrEqual(2);
    for (const [name, app] of apps) {
      expect(app.env_file, name).toBe(".env");
      expect(app.environment?.DATABASE_URL, name).toMatch(/@postgres:5432\//);
      expect(app.environment?.REDIS_URL, name).toBe("redis://redis:6379");
      expect(app.environment?.S3_ENDPOINT, name).toBe("http://minio:9000");
      expect(app.environment?.TRUST_PROXY, name).toBe("true");
      expect(Number.parseInt(app.stop_grace_period ?? "0", 10), name).toBeGreaterThan(10);
    }
    expect(services.postgres?.image).toMatch(/postgres:/);
    expect(services.redis?.image).toMatch(/redis:/);
    expect(services.minio?.image).toMatch(/minio/);
    expect(services.nginx?.volumes).toContain(
      "./nginx/chtcht.conf:/etc/nginx/conf.d/default.conf:ro",
    );
  });

  it("mounts files that are in the repository (the TLS directory is the operator's)", () => {
    const sources = Object.values(services)
      .flatMap((s) => s.volumes ?? [])
      .map((volume) => volume.split(":")[0] as string)
      .filter((source) => source.startsWith("."));
    expect(sources.length).toBeGreaterThan(0);
    for (const source of sources) {
      if (source === "./tls") continue;
      expect(existsSync(deployPath(source)), source).toBe(true);
    }
  });

  it("scrapes the app services it runs", () => {
    const prometheus = parse(deployFile("prometheus/prometheus.yml")) as {
      scrape_configs: {
        job_name: string;
        authorization?: { type: string };
        static_configs: { targets: string[] }[];
      }[];
    };
    const job = prometheus.scrape_configs.find((j) => j.job_name === "chtcht");
    expect(job?.authorization?.type).toBe("Bearer");
    const apps = Object.keys(services).filter((name) => services[name]?.build);
    expect(job?.static_configs.flatMap((c) => c.targets).sort()).toEqual(
      apps.map((name) => `${name}:3000`).sort(),
    );
  });
});

describe("deploy/prometheus", () => {
  it("passes promtool check rules and check config", () => {
    const found = spawnSync("promtool", ["--version"]);
    expect(found.error, "promtool is missing: run scripts/ensure-services.sh").toBeUndefined();
    const rules = spawnSync("promtool", ["check", "rules", deployPath("prometheus/alerts.yml")], {
      encoding: "utf8",
    });
    expect(rules.stdout + rules.stderr).toContain("SUCCESS");
    expect(rules.status).toBe(0);
    const config = spawnSync(
      "promtool",
      ["check", "config", "--syntax-only", deployPath("prometheus/prometheus.yml")],
      { encoding: "utf8" },
    );
    expect(config.status).toBe(0);
  });

  it("and promtool refuses a broken rule", () => {
    const broken = path.join(temp, "alerts.yml");
    writeFileSync(
      broken,
      deployFile("prometheus/alerts.yml").replace(
        "chtcht_dependency_up == 0",
        "chtcht_dependency_up ==",
      ),
    );
    expect(spawnSync("promtool", ["check", "rules", broken]).status).not.toBe(0);
  });
});

describe("the embedded database's start", () => {
  it("says in the log what a power cut may lose and how to move to PostgreSQL", async () => {
    const port = await freePort();
    const child = spawn(process.execPath, [...startArgs], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: "test",
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: path.join(temp, "data"),
        DATABASE_URL: "",
        REDIS_URL: "",
        SMTP_INBOUND_PORT: "0",
        LOG_LEVEL: "warn",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout?.on("data", (chunk) => {
      out += String(chunk);
    });
    const exited = new Promise((resolve) => child.once("exit", resolve));
    try {
      for (let i = 0; i < 600 && !/does not fsync/.test(out) && child.exitCode === null; i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const line = out.split("\n").find((l) => l.includes("does not fsync")) ?? "{}";
      const { level, msg } = JSON.parse(line) as { level?: number; msg?: string };
      expect(level).toBe(40);
      expect(msg).toContain("power cut");
      expect(msg).toContain("DATABASE_URL");
      expect(msg).toContain("npm run migrate-to-postgres");
    } finally {
      child.kill("SIGTERM");
      await exited;
    }
  }, 90_000);
});
