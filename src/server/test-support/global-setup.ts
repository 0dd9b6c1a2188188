// Vitest globalSetup for integration tests: the compiled server that child-server.ts starts, and
// one migrated PGlite snapshot for every test file.
import { execFileSync } from "node:child_process";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { snapshotFile, writePgliteSnapshot } from "./test-db";

export default async function setup() {
  execFileSync(process.execPath, ["scripts/ensure-build.mjs", "--server"], { stdio: "inherit" });
  if (process.env.TEST_DATABASE_URL) return;
  const blob = await writePgliteSnapshot();
  await mkdir(path.dirname(snapshotFile), { recursive: true });
  await writeFile(snapshotFile, Buffer.from(await blob.arrayBuffer()));
}
