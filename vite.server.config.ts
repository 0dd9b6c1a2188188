// Compiles the server for production (docs/operations.md "Build"): ES modules run by plain `node`,
// dist/server/main.js and dist/server/migrate-to-postgres.js, their shared code in chunks beside
// them; packages stay in node_modules. The migrations and the US city data are copied beside
// them, where db/client.ts and cities/city-index.ts look.
import { cpSync } from "node:fs";
import { defineConfig } from "vite";

export default defineConfig({
  publicDir: false,
  logLevel: "warn",
  build: {
    ssr: true,
    outDir: "dist/server",
    emptyOutDir: true,
    target: "node20",
    sourcemap: true,
    minify: false,
    rolldownOptions: {
      input: {
        main: "src/server/main.ts",
        "migrate-to-postgres": "src/server/migrate-to-postgres.ts",
      },
      output: { entryFileNames: "[name].js", chunkFileNames: "[name]-[hash].js" },
    },
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
