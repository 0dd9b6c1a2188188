// Compiles the server for production (docs/operations.md "Build"): ES modules run by plain `node`,
// dist/server/main.js and dist/server/migrate-to-postgres.js, their shared code in chunks beside
// them. Packages are bundled in too: resolving and loading some 3,900 files one by one cost a start
// about 1.2 s of CPU (docs/performance.md "Start-up"). Those that read files beside their own code,
// load native or WebAssembly code, or start workers stay in node_modules. The migrations and the US
// city data are copied beside them, where db/client.ts and cities/city-index.ts look.
import { cpSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { defineConfig, type UserConfig } from "vite";

/** The server's build of `input` into `outDir`. */
function serverBuild(outDir: string, input: Record<string, string>): UserConfig {
  return {
    publicDir: false,
    ssr: {
      noExternal: true,
      external: [
        "@aws-sdk/client-s3",
        "@aws-sdk/lib-storage",
        "@electric-sql/pglite",
        "@fastify/swagger",
        "@fastify/swagger-ui",
        "pg",
        "pino",
        "postgres",
        "sharp",
      ],
    },
    logLevel: "warn",
    build: {
      ssr: true,
      outDir,
      emptyOutDir: true,
      target: "node24",
      sourcemap: true,
      minify: false,
      rolldownOptions: {
        input,
        output: {
          entryFileNames: "[name].js",
          chunkFileNames: "[name]-[hash].js",
          codeSplitting: { groups: [{ name: "packages", test: /node_modules/ }] },
        },
      },
    },
    plugins: [
      {
        // With --enable-source-maps Node decodes a chunk's whole map when the chunk loads: the
        // packages' would cost each start 0.75 s, so only the app's own chunks keep theirs.
        name: "drop-packages-source-map",
        writeBundle(_options, bundle) {
          for (const name of Object.keys(bundle)) {
            if (!name.startsWith("packages-") || !name.endsWith(".js")) continue;
            rmSync(`${outDir}/${name}.map`);
            const file = `${outDir}/${name}`;
            writeFileSync(
              file,
              readFileSync(file, "utf8").replace(/\n\/\/# sourceMappingURL=.*\n?$/, "\n"),
            );
          }
        },
      },
      {
        name: "copy-migrations",
        writeBundle() {
          cpSync("src/server/db/migrations", `${outDir}/migrations`, { recursive: true });
          cpSync("src/server/modules/cities/data", `${outDir}/data`, { recursive: true });
        },
      },
    ],
  };
}

// `--mode bench`: the benches' app process (bench/lib/app-server.ts) into dist/bench, so the
// benches measure the code `npm start` runs (docs/performance.md "Commands").
export default defineConfig(({ mode }) =>
  mode === "bench"
    ? serverBuild("dist/bench", { "app-server": "bench/lib/app-server.ts" })
    : serverBuild("dist/server", {
        main: "src/server/main.ts",
        "migrate-to-postgres": "src/server/migrate-to-postgres.ts",
      }),
);
