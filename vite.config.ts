// Vite builds the React app into dist/web (served by the Fastify server in production), with a
// brotli and a gzip copy of each script, stylesheet and icon for the server to send as they are
// (docs/operations.md "Web delivery"), and proxies the API to it in development. Vitest runs
// four projects: unit (node), web (jsdom), web-isolated (jsdom, the files that mock a module) and
// integration (node, two files at a time). Playwright specs in e2e/ are never collected.
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { compression } from "vite-plugin-compression2";
import { VitePWA } from "vite-plugin-pwa";
import { defaultExclude, defineConfig } from "vitest/config";

const API_ORIGIN = "http://127.0.0.1:3000";

/**
 * The jsdom tests drive whole screens with typed input; on a slow or busy machine one takes several
 * seconds, so they get more than vitest's 5 s (test-setup.ts gives waits 5 s for the same reason).
 */
const WEB_TEST_TIMEOUT_MS = 20_000;

const SRC = fileURLToPath(new URL("src", import.meta.url));
/** The files under src/ whose path matches, as `src/…`. */
function sourceFiles(pattern: RegExp): string[] {
  return readdirSync(SRC, { recursive: true, encoding: "utf8" })
    .filter((file) => pattern.test(file))
    .map((file) => `src/${file}`);
}

/** The web tests that replace a module with `vi.mock` (see `test.projects`). */
const MODULE_MOCKING = sourceFiles(/\.test\.tsx?$/).filter((file) =>
  readFileSync(new URL(file, import.meta.url), "utf8").includes("vi.mock("),
);
const mockingOutsideWeb = MODULE_MOCKING.filter((file) => !file.startsWith("src/web/"));
if (mockingOutsideWeb.length > 0) {
  throw new Error(
    `${mockingOutsideWeb.join(", ")}: vi.mock in a project whose files share their modules; give it an isolated project as web-isolated is`,
  );
}

/**
 * The integration files that never reach a database: no test app, no test database, no
 * TEST_DATABASE_URL. They run in the PGlite pass only, not again in the PostgreSQL pass
 * (scripts/test.sh), which is the same code against the same services.
 */
const DATABASE_FREE = sourceFiles(/\.int\.test\.ts$/).filter(
  (file) =>
    !/test-support\/(test-app|test-db|accounts|social)"|TEST_DATABASE_URL/.test(
      readFileSync(new URL(file, import.meta.url), "utf8"),
    ),
);

export default defineConfig({
  root: ".",
  plugins: [
    react(),
    tailwindcss(),
    // The service worker (src/web/sw.ts) with the build's files to precache; registered by the
    // app itself (lib/service-worker.ts), the manifest served by the server with the site's name
    // (docs/notifications.md "Installable app"). The built index.html is precached as the server
    // answers it at the app shell's address (APP_SHELL_PATH, src/domain/app-shell.ts: a config
    // that imports the app's modules is one Vite's native loader will not read), the site
    // settings added: its revision is the file's, so a build with a new first script brings a new
    // shell.
    VitePWA({
      strategies: "injectManifest",
      srcDir: "src/web",
      filename: "sw.ts",
      injectRegister: false,
      manifest: false,
      injectManifest: {
        globPatterns: [
          "assets/**/*.{js,css,woff2,svg}",
          "index.html",
          "theme-init.js",
          "favicon.svg",
          "icons/*.png",
        ],
        manifestTransforms: [
          async (entries) => ({
            manifest: entries.map((entry) =>
              entry.url === "index.html" ? { ...entry, url: "/app-shell" } : entry,
            ),
            warnings: [],
          }),
        ],
      },
    }),
    // The HTML is left out: the server fills in each page's head and compresses it per answer.
    compression({
      include: /\.(js|mjs|css|svg|json|txt|webmanifest)$/,
      algorithms: ["brotliCompress", "gzip"],
      logLevel: "silent",
    }),
  ],
  build: {
    outDir: "dist/web",
    emptyOutDir: true,
    // Which chunks each screen needs, for the pages' module preloads (http/screen-preloads.ts);
    // never served.
    manifest: true,
    rolldownOptions: {
      output: {
        // React and the router change less often than the app: their chunk stays cached across
        // releases. Other libraries go with the screens that use them (docs/performance.md
        // "Initial JavaScript").
        codeSplitting: {
          groups: [
            {
              name: "react",
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
            },
            // Everything the first script imports, in one chunk: split by which lazy screens share
            // each module it was 13 small files, each a request before the first render
            // (docs/performance.md "Lighthouse").
            {
              name: "app",
              test: /src[\\/]web[\\/]main\.tsx$/,
              includeDependenciesRecursively: true,
            },
            // zod in one chunk that the screens with forms share; it is not in the first script
            // (src/web/lib/zod-config.ts configures it without importing it).
            { name: "zod", test: /node_modules[\\/]zod[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      "/api": { target: API_ORIGIN },
      "/media": { target: API_ORIGIN },
      "/healthz": { target: API_ORIGIN },
      "/realtime": { target: API_ORIGIN, ws: true },
    },
  },
  test: {
    // Each project shares one module graph per worker (`isolate: false`): the app and its libraries
    // load once per worker instead of once per file (README.md "Tests"). A file that replaces a
    // module with `vi.mock` would replace it for every file after it, so such files run apart,
    // isolated.
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          environment: "node",
          isolate: false,
          include: ["src/**/*.test.ts", "bench/lib/*.test.ts"],
          exclude: [...defaultExclude, "src/**/*.int.test.ts", "e2e/**"],
        },
      },
      {
        extends: true,
        test: {
          name: "web",
          environment: "jsdom",
          testTimeout: WEB_TEST_TIMEOUT_MS,
          isolate: false,
          include: ["src/web/**/*.test.tsx"],
          setupFiles: ["src/web/test-setup.ts"],
          exclude: [...defaultExclude, "e2e/**", ...MODULE_MOCKING],
        },
      },
      {
        extends: true,
        test: {
          name: "web-isolated",
          environment: "jsdom",
          testTimeout: WEB_TEST_TIMEOUT_MS,
          include: MODULE_MOCKING,
          setupFiles: ["src/web/test-setup.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          environment: "node",
          include: ["src/**/*.int.test.ts"],
          exclude: [
            ...defaultExclude,
            "e2e/**",
            ...(process.env.TEST_DATABASE_URL ? DATABASE_FREE : []),
          ],
          globalSetup: ["src/server/test-support/global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          maxWorkers: 2,
          isolate: false,
          // A worker creates and drops many embedded databases (PGlite's WebAssembly). Once, V8
          // deadlocked freeing wasm code they no longer used (WasmEngine::FreeDeadCode, waiting on
          // a module's lock), with the worker idle and its timers stopped; without that code
          // collection the dead code is kept until the worker exits (README.md "Tests").
          execArgv: ["--no-wasm-code-gc"],
        },
      },
    ],
  },
});
