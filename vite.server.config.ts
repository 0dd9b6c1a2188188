// Compiles the server for production (docs/operations.md "Build"): one ES module,
// dist/server/main.js, run by plain `node`; packages stay in node_modules. The migrations are
// and the US city data are copied beside it, where db/client.ts and cities/city-index.ts look.
import { cpSync } from "node:fs";
import { defineConfig } from "vite";

export default defineConfig({
  publicDir: false,
  logLevel: "warn",
  build: {
    ssr: "src/server/main.ts",
    outDir: "dist/server",
    emptyOutDir: true,
    target: "node20",
    sourcemap: true,
    minify: false,
    rolldownOptions: { output: { entryFileNames: "main.js" } },
  },
  plugins: [
    {
      name: "copy-migrations",
      writeBundle() {
        cpSync("src/server/db/migrations", "dist/server/migrations", { recursive: true });
        cpSync("src/server/modules/cities/data", "dist/server/data", { recursive: true });
      },
    },
  ],
});
