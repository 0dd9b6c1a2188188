// The initial JavaScript of the pages people land on (docs/performance.md "Initial JavaScript"):
// the entry script, the screen's own chunk when it has one, and every chunk they import
// statically, measured as the server sends them (the build's .gz copies). Fails over the budget.
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

const BUDGET_KB = 150;
const PAGES = {
  landing: "src/web/screens/Home/home-screen.tsx",
  profile: "src/web/screens/Profile/profile-screen.tsx",
  post: "src/web/screens/PostPage/post-page-screen.tsx",
};

const dist = path.resolve(import.meta.dirname, "..", "dist", "web");
const manifestFile = path.join(dist, ".vite", "manifest.json");
if (!existsSync(manifestFile)) {
  console.error(`${manifestFile} is missing: run npm run build first.`);
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestFile, "utf8"));
const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);

function staticClosure(keys) {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const next of manifest[key].imports ?? []) visit(next);
  };
  for (const key of keys) visit(key);
  return [...seen].map((key) => manifest[key].file);
}

const gzipBytes = (file) => statSync(path.join(dist, `${file}.gz`)).size;
const kb = (bytes) => (bytes / 1024).toFixed(1);

let over = false;
for (const [page, screen] of Object.entries(PAGES)) {
  const files = staticClosure(manifest[screen] ? [entry, screen] : [entry]);
  const total = files.reduce((sum, file) => sum + gzipBytes(file), 0);
  const largest = files
    .map((file) => [file, gzipBytes(file)])
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([file, bytes]) => `${path.basename(file)} ${kb(bytes)}`)
    .join(", ");
  const verdict = total > BUDGET_KB * 1024 ? "OVER" : "ok";
  over ||= verdict === "OVER";
  console.log(
    `${page}: ${kb(total)} kB gzip in ${files.length} scripts (budget ${BUDGET_KB} kB) ${verdict}; largest ${largest}`,
  );
}
if (over) {
  console.error('Initial JavaScript is over budget (docs/performance.md "Initial JavaScript").');
  process.exit(1);
}
