// Builds what `npm start` runs when it is missing or older than its sources (docs/operations.md
// "Build"): the web app (dist/web) and the compiled server (dist/server/main.js). Run after
// `npm install` and before `npm start`, so a fresh clone or a pull never starts a stale build;
// with both up to date it only reads file times. `--server` checks the server alone (tests);
// `--bench` the benches' app process alone (dist/bench, bench/lib/app-process.ts).
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const vite = path.join(root, "node_modules", ".bin", "vite");

/** The newest change time among the files under `entries`, test files left out. */
function newest(entries) {
  let latest = 0;
  const visit = (file) => {
    const stat = statSync(file);
    if (stat.isDirectory()) {
      for (const name of readdirSync(file)) visit(path.join(file, name));
    } else if (!/\.test\.tsx?$/.test(file)) {
      latest = Math.max(latest, stat.mtimeMs);
    }
  };
  for (const entry of entries) {
    const file = path.join(root, entry);
    if (existsSync(file)) visit(file);
  }
  return latest;
}

const builtAt = (file) => {
  const full = path.join(root, file);
  return existsSync(full) ? statSync(full).mtimeMs : 0;
};

const TARGETS = {
  web: {
    output: "dist/web/index.html",
    sources: [
      "src/web",
      "src/domain",
      "public",
      "index.html",
      "vite.config.ts",
      "package-lock.json",
    ],
    args: ["build", "--logLevel", "warn"],
  },
  server: {
    output: "dist/server/main.js",
    sources: ["src/server", "src/domain", "vite.server.config.ts", "package-lock.json", "patches"],
    args: ["build", "--config", "vite.server.config.ts"],
  },
  bench: {
    output: "dist/bench/app-server.js",
    sources: [
      "src/server",
      "src/domain",
      "bench/lib",
      "vite.server.config.ts",
      "package-lock.json",
      "patches",
    ],
    args: ["build", "--config", "vite.server.config.ts", "--mode", "bench"],
  },
};

if (!existsSync(vite)) {
  // Installed without dev dependencies: the build must come from elsewhere (docs/operations.md).
  if (!existsSync(path.join(root, TARGETS.server.output))) {
    console.error(
      "No build in dist/ and no vite to make one: run `npm install` and `npm run build`.",
    );
    process.exit(1);
  }
  process.exit(0);
}

const only = ["server", "bench"].find((name) => process.argv.includes(`--${name}`));
const wanted = only ? [only] : ["web", "server"];
for (const name of wanted) {
  const target = TARGETS[name];
  if (builtAt(target.output) >= newest(target.sources)) continue;
  const started = Date.now();
  console.log(`Building the ${name} (${target.output} is missing or older than its sources)…`);
  // Always the production build, whatever NODE_ENV the caller runs under: Vite takes React's
  // build from NODE_ENV, so `NODE_ENV=test npm start` (a test's child) had built React's
  // development code, three times the size.
  const env = { ...process.env, NODE_ENV: "production" };
  execFileSync(vite, target.args, { cwd: root, stdio: "inherit", env });
  console.log(`Built the ${name} in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}
