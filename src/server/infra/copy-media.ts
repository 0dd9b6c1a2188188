// From the embedded default to an object store (docs/operations.md "From embedded to
// PostgreSQL"): every object under DATA_DIR/media goes to the store under the same key with its
// content type, unless an object with the same bytes is already there (so a re-run after a failure
// copies only what is missing); then every object is read back and its SHA-256 compared.
import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { ObjectStore } from "./object-store";

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

/** Keys under `root`: every file whose name does not start with a dot (temp and type files do). */
async function keysUnder(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(
    (error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT") return [];
      throw error;
    },
  );
  return entries
    .filter((e) => e.isFile() && !e.name.startsWith("."))
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join("/"))
    .sort();
}

export async function copyMedia(options: {
  dataDir: string;
  store: ObjectStore;
  log: (line: string) => void;
}): Promise<{ objects: number; bytes: number; copied: number }> {
  const root = path.join(options.dataDir, "media");
  const keys = await keysUnder(root);
  const sums = new Map<string, string>();
  let bytes = 0;
  let copied = 0;
  for (const [i, key] of keys.entries()) {
    const file = path.join(root, ...key.split("/"));
    const [body, type] = await Promise.all([
      readFile(file),
      readFile(path.join(path.dirname(file), `.${path.basename(file)}.content-type`), "utf8"),
    ]);
    const sum = sha256(body);
    sums.set(key, sum);
    bytes += body.length;
    const there = await options.store.get(key);
    if (!there || sha256(there.bytes) !== sum) {
      await options.store.put(key, body, type.trim());
      copied++;
    }
    if ((i + 1) % 100 === 0) options.log(`media: ${i + 1} of ${keys.length} objects`);
  }
  for (const [key, sum] of sums) {
    const there = await options.store.get(key);
    if (!there || sha256(there.bytes) !== sum)
      throw new Error(`media: ${key} differs after the copy`);
  }
  options.log(`media: ${keys.length} objects (${copied} copied), checksums verified`);
  return { objects: keys.length, bytes, copied };
}
