// `npm run migrate-to-postgres -- --to postgres://…` (docs/operations.md "From embedded to
// PostgreSQL"): copies this installation's embedded database (DATA_DIR/db) into an empty
// PostgreSQL database and, when S3_* is set, its media (DATA_DIR/media) into the object store.
import { parseArgs } from "node:util";
import { ConfigError, loadConfig } from "./config";
import { CopyRefused, copyEmbeddedDatabase } from "./db/copy-embedded";
import { copyMedia } from "./infra/copy-media";
import { createObjectStore } from "./infra/object-store";

const log = (line: string) => console.log(line);

/** The address without its password, for the screen. */
const shown = (url: string) => {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = "***";
  return parsed.toString();
};

try {
  const { values } = parseArgs({ options: { to: { type: "string" } } });
  const to = values.to;
  if (!to || !/^postgres(ql)?:\/\//.test(to)) {
    throw new CopyRefused(
      "Usage: npm run migrate-to-postgres -- --to postgres://user@host:5432/database",
    );
  }
  const config = loadConfig();
  log(`Copying ${config.dataDir}/db to ${shown(to)}`);
  const tables = await copyEmbeddedDatabase({ dataDir: config.dataDir, to, log });
  const rows = tables.reduce((sum, t) => sum + t.rows, 0);
  log(`database: ${tables.length} tables, ${rows.toLocaleString("en-US")} rows, counts verified`);
  if (config.s3) {
    const store = createObjectStore({ dataDir: config.dataDir, s3: config.s3 });
    await copyMedia({ dataDir: config.dataDir, store, log });
  } else {
    log(`media: no S3_* set, so media stays in ${config.dataDir}/media (keep the same DATA_DIR)`);
  }
  log(
    `Done: start the app with DATABASE_URL=${shown(to)} (and REDIS_URL for more than one instance).`,
  );
} catch (error) {
  if (error instanceof CopyRefused || error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
