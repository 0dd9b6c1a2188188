// Where the server's SQL lives (docs/architecture.md "Layout", Queries): only in a module's
// `queries.ts` or `*-queries.ts`, for the tables that module owns, and in the few infrastructure
// files below that own their tables. Another module's rows are reached through that module's
// exported functions, never by importing its queries file; and a module's events go through the
// outbox's one write seam, never `bus.publish` by hand. Read from the source text; test files and
// test-support are left out, as a test may reach anywhere.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = path.dirname(fileURLToPath(import.meta.url));

/** Files outside the modules' queries files that may run SQL, each with why (paths from
 * src/server; a trailing slash takes the folder). */
const ALLOWED: Record<string, string> = {
  "db/":
    "the schema, the client, the keyset helpers and the tables no module owns (challenges, idempotency keys, job runs, mailed codes)",
  "outbox/store.ts": "the outbox table (docs/outbox.md)",
  "infra/instances.ts": "the instances table, each instance's heartbeat",
  "policy/":
    "the read rules sit below every module (layers.test.ts), so they read the rows they decide on (blocks, mutes, roles, standing) themselves",
  "app.ts": "the readiness probe's `select 1`",
};

/** A module's queries file: `queries.ts`, or `<what>-queries.ts` beside it. */
const isQueriesFile = (file: string) =>
  /^modules\/[\w-]+\/(?:.+\/)?(?:[\w-]+-)?queries\.ts$/.test(file);

/** What runs SQL: drizzle's sql template, a statement begun on a db or tx handle, `.execute(`,
 * and raw `query(` / `queryRows(`. A transaction opened by a service (`db.transaction(`) is not
 * SQL of its own: its statements run in queries files. */
const SQL_PATTERNS: [string, RegExp][] = [
  ["sql`", /\bsql(?:<[^>`]*>)?`/],
  ["sql.raw/join/param", /\bsql\.(?:raw|join|param|empty)\s*\(/],
  [
    "statement on a db/tx handle",
    /\b(?:db|tx|trx|database)\s*\.\s*(?:select|selectDistinct|selectDistinctOn|insert|update|delete|execute|query)\b/,
  ],
  [".execute(", /\.execute\s*\(/],
  ["query(", /(?:^|[^\w.])(?:query|queryRows)\s*\(|\.query\s*\(/],
];

/** Comment lines are prose: a header may name `db.select(` without running it. */
const codeOf = (text: string) =>
  text
    .split("\n")
    .filter((line) => !/^\s*(?:\/\/|\/\*|\*)/.test(line))
    .join("\n");

/** The SQL found in `text` (the names of the patterns it matches). */
function sqlIn(text: string): string[] {
  const code = codeOf(text);
  return SQL_PATTERNS.filter(([, pattern]) => pattern.test(code)).map(([name]) => name);
}

const IMPORT = /(?:\bfrom\s*|\bimport\s*\(?\s*)"(\.{1,2}\/[^"]+)"/g;

/** Another module's queries files that `file` (a path from src/server) imports. */
function foreignQueriesImports(file: string, text: string): string[] {
  const [top, own] = file.split("/");
  if (top !== "modules") return [];
  return [...codeOf(text).matchAll(IMPORT)].flatMap((match) => {
    const target = path.posix.normalize(
      path.posix.join(path.posix.dirname(file), match[1] as string),
    );
    const [targetTop, other, ...rest] = target.split("/");
    const name = rest.at(-1) ?? "";
    return targetTop === "modules" && other !== own && /(?:^|-)queries(?:\.ts)?$/.test(name)
      ? [target]
      : [];
  });
}

const allowed = (file: string) =>
  isQueriesFile(file) ||
  Object.keys(ALLOWED).some((entry) =>
    entry.endsWith("/") ? file.startsWith(entry) : file === entry,
  );

/** Every problem in `files` (path from src/server → text), as "path: what". */
function misplacedSql(files: Record<string, string>): string[] {
  return Object.entries(files).flatMap(([file, text]) => [
    ...(allowed(file) ? [] : sqlIn(text).map((what) => `${file}: ${what}`)),
    ...foreignQueriesImports(file, text).map((target) => `${file}: imports ${target}`),
  ]);
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "test-support" ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const server = Object.fromEntries(
  sourceFiles(ROOT).map((file) => [
    path.relative(ROOT, file).split(path.sep).join("/"),
    readFileSync(file, "utf8"),
  ]),
);

describe("the server's SQL placement", () => {
  it("sees the SQL it judges in the queries files", () => {
    expect(sqlIn(server["modules/posts/queries.ts"] ?? "")).not.toEqual([]);
    expect(sqlIn(server["outbox/store.ts"] ?? "")).not.toEqual([]);
  });

  it("finds a planted statement, template, raw query and foreign queries import", () => {
    const planted = {
      "modules/posts/service.ts": `import { x } from "./queries";\nawait tx.update(posts).set({});`,
      "modules/safety/moderation.ts": `import { bumpPostCounter } from "../posts/queries";`,
      "modules/mail/send.ts": "const rows = await deps.db\n  .select()\n  .from(chatMessages);",
      "modules/badges/review.ts": "await queryRows(db, sql`select 1`);",
      "modules/export/sweep.ts": "await db.execute(statement);",
      "infra/cache.ts": "await client.query('select 1');",
      "modules/posts/queries.ts": "await db.select().from(posts);",
      "modules/account/deletion-queries.ts": "await tx.delete(users);",
      "modules/follows/service.ts": `// db.select( in a comment\nawait deps.db.transaction(async (tx) => listFollows(tx));\nmap.delete(key);\napp.delete("/x", handler);`,
    };
    expect(misplacedSql(planted)).toEqual([
      "modules/posts/service.ts: statement on a db/tx handle",
      "modules/safety/moderation.ts: imports modules/posts/queries",
      "modules/mail/send.ts: statement on a db/tx handle",
      "modules/badges/review.ts: sql`",
      "modules/badges/review.ts: query(",
      "modules/export/sweep.ts: statement on a db/tx handle",
      "modules/export/sweep.ts: .execute(",
      "infra/cache.ts: query(",
    ]);
  });

  it("keeps SQL in the owners' queries files and the infrastructure listed", () => {
    expect(misplacedSql(server)).toEqual([]);
  });
  it("leaves publishing to the outbox: no module calls bus.publish (docs/outbox.md)", () => {
    const publish = /\bbus\s*\.\s*publish\s*\(/;
    expect(publish.test("await deps.bus.publish({ type })")).toBe(true);
    const calls = Object.entries(server).filter(
      ([file, text]) => file.startsWith("modules/") && publish.test(codeOf(text)),
    );
    expect(calls.map(([file]) => file)).toEqual([]);
  });
});
