// Lighthouse (mobile preset, its default) on pages of the app: one run at a time, each in a fresh
// headless Chromium. Prints the four category scores and the paint and layout-shift figures per
// page (docs/performance.md "Lighthouse"). Three usages:
//   node --import tsx bench/lighthouse.ts --all                (npm run bench:web)
//   node --import tsx bench/lighthouse.ts <base-url> <path>...
//   node --import tsx bench/lighthouse.ts <base-url> --data-dir <DATA_DIR>
// --all builds what is stale (scripts/ensure-build.mjs), starts the compiled app (production, the
// embedded database on a fresh temporary DATA_DIR, mail written as .eml files under it), makes the
// sample data below, has the author follow the second person, who posts once and mails the
// author, then audits six pages: the landing page signed out, the profile and the post page, and,
// with the author's session cookie, the feed, /search and /mail. It prints the table with whether
// each page met the target (performance ≥ 95, accessibility 100, best practices ≥ 95, SEO ≥ 95),
// writes it to docs/bench-results.md's "Web" section, then stops the app and removes DATA_DIR.
// The second usage audits the given paths of an app that is already running. The third, against
// a running app too, first makes a person with a picture, a post with a picture and a comment
// through the API (the e-mailed codes are read from DATA_DIR/mail, so the app must run without
// SMTP_URL), then audits /, the profile and the post.
// CHROME_PATH picks the browser (default /usr/bin/chromium); LIGHTHOUSE_REPORT_DIR, when set, is
// where each page's full Lighthouse result is written as <page>.json.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";
import sharp from "sharp";
import { type ChildServer, startServer, stopServer } from "../src/server/test-support/child-server";
import { markdownRow, runContext, writeResultsSection } from "./lib/results-table";

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
/** The least score per category, in CATEGORIES' order, for a page to meet the target. */
const TARGETS = [95, 100, 95, 95];
const CHROME_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu"];
const PASSWORD = "violet kettle 7342";

interface Page {
  label: string;
  path: string;
  /** The signed-in person's cookie, sent with every request of the audit. */
  cookie?: string;
  /** An API path the page must have requested, to show it rendered signed in. */
  expects?: string;
}

interface Audit {
  scores: number[];
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Where the audit ended up, and anything off about it (a redirect, a missing request). */
  finalUrl: string;
  notes: string[];
  lighthouseVersion: string;
  browser: string;
}

interface Row {
  page: Page;
  audit?: Audit;
  error?: string;
}

async function audit(base: string, page: Page): Promise<Audit> {
  const url = new URL(page.path, base).href;
  const chrome = await launch({
    chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    chromeFlags: CHROME_FLAGS,
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      logLevel: "error",
      onlyCategories: [...CATEGORIES],
      ...(page.cookie && { extraHeaders: { Cookie: page.cookie } }),
    });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    if (process.env.LIGHTHOUSE_REPORT_DIR) {
      const file = path.join(
        process.env.LIGHTHOUSE_REPORT_DIR,
        `${page.label.replace(/\W+/g, "-")}.json`,
      );
      writeFileSync(file, JSON.stringify(result.lhr));
    }
    const { categories, audits, finalDisplayedUrl, runtimeError, environment } = result.lhr;
    const value = (id: string) => audits[id]?.numericValue ?? Number.NaN;
    // Its scores are then zeros, not figures (e.g. NO_NAVSTART, a trace Chrome failed to record).
    if (runtimeError)
      throw new Error(`runtime error ${runtimeError.code}: ${runtimeError.message}`);
    const notes: string[] = [];
    if (finalDisplayedUrl !== url) notes.push(`ended at ${finalDisplayedUrl}`);
    if (page.expects) {
      const details = audits["network-requests"]?.details;
      const items = details?.type === "table" ? details.items : [];
      const requested = items.some((item) => String(item.url ?? "").includes(`${page.expects}`));
      if (!requested) notes.push(`no request to ${page.expects}: not signed in?`);
    }
    return {
      scores: CATEGORIES.map((id) => Math.round((categories[id]?.score ?? 0) * 100)),
      fcpMs: value("first-contentful-paint"),
      lcpMs: value("largest-contentful-paint"),
      tbtMs: value("total-blocking-time"),
      cls: value("cumulative-layout-shift"),
      finalUrl: finalDisplayedUrl,
      notes,
      lighthouseVersion: result.lhr.lighthouseVersion,
      browser: /Chrome\/(\d+)/.exec(environment.hostUserAgent)?.[1] ?? "",
    };
  } finally {
    chrome.kill();
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The newest code mailed to `email`, from the .eml files the app writes without SMTP_URL; the
 * outbox writes it after the 201, so this polls for up to 15 s. */
async function mailedCode(dataDir: string, email: string): Promise<string> {
  const mailDir = path.join(dataDir, "mail");
  for (let attempt = 0; attempt < 150; attempt++) {
    const files = existsSync(mailDir) ? readdirSync(mailDir).sort().reverse() : [];
    for (const file of files) {
      const raw = readFileSync(path.join(mailDir, file), "utf8");
      if (!raw.includes(email)) continue;
      const code = /^Subject: (\d{6}) is your/m.exec(raw)?.[1];
      if (code) return code;
    }
    await sleep(100);
  }
  throw new Error(`no code mailed to ${email} in ${mailDir}`);
}

async function call(base: string, route: string, init: RequestInit = {}): Promise<Response> {
  const response = await fetch(new URL(route, base), init);
  if (!response.ok) throw new Error(`${route}: ${response.status} ${await response.text()}`);
  return response;
}

/** A JSON request as `who`. */
const callJson = (base: string, route: string, who: { cookie: string }, body: unknown) =>
  call(base, route, {
    method: "POST",
    headers: { cookie: who.cookie, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });

const picture = (background: string) =>
  sharp({ create: { width: 1200, height: 800, channels: 3, background } })
    .jpeg()
    .toBuffer();

type Person = Awaited<ReturnType<typeof person>>;

/** A verified, signed-in person; answers their session cookie, id and handle. */
async function person(base: string, dataDir: string, fullName: string) {
  const email = `${fullName.toLowerCase().replace(/\W+/g, ".")}.${Date.now()}@example.com`;
  const json = { "Content-Type": "application/json" };
  const account = { email, fullName, password: PASSWORD, agreeToPolicies: true };
  await call(base, "/api/auth/register", {
    method: "POST",
    headers: json,
    body: JSON.stringify(account),
  });
  const code = await mailedCode(dataDir, email);
  await call(base, "/api/auth/verify-code", {
    method: "POST",
    headers: json,
    body: JSON.stringify({ email, code }),
  });
  const login = await call(base, "/api/auth/login", {
    method: "POST",
    headers: json,
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  const cookie = login.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
  const { user } = (await login.json()) as { user: { id: string; handle: string } };
  return { cookie, ...user };
}

/** A person with a picture, a post with a picture and a comment from a second person. */
async function sample(base: string, dataDir: string) {
  const author = await person(base, dataDir, "Ada Harbour");
  const avatar = new FormData();
  avatar.append("file", new Blob([await picture("#c2703d")], { type: "image/jpeg" }), "ada.jpg");
  await call(base, `/api/profiles/${author.id}/avatar`, {
    method: "PUT",
    headers: { cookie: author.cookie },
    body: avatar,
  });
  const form = new FormData();
  form.append("content", "Harbour lights at dusk, seen from the old pier on the north side");
  form.append("image", new Blob([await picture("#3a7bd5")], { type: "image/jpeg" }), "pier.jpg");
  const created = await call(base, "/api/posts", {
    method: "POST",
    headers: { cookie: author.cookie },
    body: form,
  });
  const { post } = (await created.json()) as { post: { id: string; path: string } };
  const reader = await person(base, dataDir, "Ben Reader");
  await callJson(base, `/api/posts/${post.id}/comments`, reader, {
    content: "The light was just right.",
  });
  return { author, reader, postPath: post.path };
}

/** The author follows the reader, who posts once and mails the author: a feed and a mailbox
 * with something in them. */
async function socialSample(base: string, author: Person, reader: Person) {
  const follow = await callJson(base, "/api/follows/toggle", author, { targetUserId: reader.id });
  const { following } = (await follow.json()) as { following: boolean };
  if (!following) throw new Error("the author does not follow the reader after the toggle");
  await callJson(base, "/api/posts", reader, {
    content: "Fog rolled over the harbour this morning; the ferries waited it out",
  });
  const opened = await callJson(base, "/api/mail/threads/direct", reader, { userId: author.id });
  const { thread } = (await opened.json()) as { thread: { id: string } };
  await callJson(base, `/api/mail/threads/${thread.id}/messages`, reader, {
    subject: "Your pier photo",
    body: "Could I print your harbour picture for the club's wall? Happy to credit you.",
  });
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const met = (row: Row) =>
  row.audit?.scores.every((score, i) => score >= (TARGETS[i] ?? 100)) === true;

function tableLines(rows: Row[], labelled: boolean): string[] {
  const header = [
    "page",
    "performance",
    "accessibility",
    "best practices",
    "SEO",
    "FCP",
    "LCP",
    "TBT",
    "CLS",
    "target met",
  ];
  const lines = [
    markdownRow(header),
    markdownRow(["---", "--:", "--:", "--:", "--:", "--:", "--:", "--:", "--:", "---"]),
  ];
  for (const row of rows) {
    const name = labelled ? row.page.label : `\`${row.page.path}\``;
    if (!row.audit) {
      lines.push(markdownRow([name, ...header.slice(1, -1).map(() => "–"), "no (failed)"]));
      continue;
    }
    const a = row.audit;
    lines.push(
      markdownRow([
        name,
        ...a.scores.map(String),
        seconds(a.fcpMs),
        seconds(a.lcpMs),
        `${Math.round(a.tbtMs)} ms`,
        a.cls.toFixed(3),
        met(row) ? "yes" : "no",
      ]),
    );
  }
  return lines;
}

/** Audits a page, a second time when Lighthouse itself failed the first. */
async function auditTwice(base: string, page: Page): Promise<Audit> {
  try {
    return await audit(base, page);
  } catch (error) {
    console.warn(`  ${page.label}: ${error instanceof Error ? error.message : error}; again`);
    return audit(base, page);
  }
}

/** Audits each page in turn; a page that fails twice is kept as a row with its error. */
async function auditAll(base: string, pages: Page[]): Promise<Row[]> {
  const rows: Row[] = [];
  for (const page of pages) {
    console.log(`auditing ${page.label} (${page.path})…`);
    try {
      const result = await auditTwice(base, page);
      for (const note of result.notes) console.warn(`  ${page.label}: ${note}`);
      rows.push({ page, audit: result });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      console.error(`  ${page.label} failed: ${message}`);
      rows.push({ page, error: message });
    }
  }
  return rows;
}

/** Mail captured in DATA_DIR, the embedded database, nothing shared: what --all must not inherit. */
const OUTSIDE_SERVICES = ["SMTP_URL", "DATABASE_URL", "REDIS_URL", "S3_ENDPOINT", "S3_BUCKET"];

async function all() {
  const started = Date.now();
  // The compiled server and web app, rebuilt when older than their sources, as `npm start` does.
  execFileSync(process.execPath, ["scripts/ensure-build.mjs"], { stdio: "inherit" });
  for (const name of OUTSIDE_SERVICES) delete process.env[name];
  const app: ChildServer = await startServer({
    env: { NODE_ENV: "production", LOG_LEVEL: "warn", TRUST_PROXY: "false" },
  });
  // Ctrl-C skips `finally`: end the app and remove its data here instead.
  const interrupted = () => {
    app.process.kill("SIGKILL");
    rmSync(app.dataDir, { recursive: true, force: true });
    process.exit(130);
  };
  process.once("SIGINT", interrupted);
  process.once("SIGTERM", interrupted);
  let failed = 0;
  try {
    const { author, reader, postPath } = await sample(app.url, app.dataDir);
    await socialSample(app.url, author, reader);
    const signedIn = { cookie: author.cookie };
    const rows = await auditAll(app.url, [
      { label: "landing", path: "/" },
      { label: "profile", path: `/${author.handle}` },
      { label: "post page", path: postPath },
      // The feed's first page and mail's first threads come with the page (architecture.md "Web
      // app pages"); the unread counts are asked for by the signed-in header alone.
      { label: "feed", path: "/", ...signedIn, expects: "/api/mail/unread-count" },
      { label: "search", path: "/search", ...signedIn },
      { label: "mail", path: "/mail", ...signedIn, expects: "/api/mail/unread-count" },
    ]);
    failed = rows.filter((row) => !row.audit).length;
    const table = tableLines(rows, true);
    console.log(`\n${table.join("\n")}`);
    const metCount = rows.filter(met).length;
    const first = rows.find((row) => row.audit)?.audit;
    const odd = rows.flatMap((row) => [
      ...(row.error ? [`${row.page.label}: failed (${row.error.split("\n")[0]})`] : []),
      ...(row.audit?.notes.map((note) => `${row.page.label}: ${note}`) ?? []),
    ]);
    const body = [
      ...runContext((Date.now() - started) / 60_000),
      `- Targets met: ${metCount} of ${rows.length} pages`,
      ...(odd.length ? [`- Not as expected: ${odd.join("; ")}`] : []),
      "",
      `Lighthouse ${first?.lighthouseVersion ?? ""}, its mobile preset (a mid-range phone with simulated`,
      `4× CPU slowdown and slow 4G), on Debian's Chromium ${first?.browser ?? ""} (headless): one page at a`,
      "time, each in a fresh browser, against the production build on the embedded database; the",
      "feed, search and mail pages signed in as the author (session cookie). Target: performance ≥ 95,",
      "accessibility 100, best practices ≥ 95, SEO ≥ 95.",
      "Scores move by several points between runs on this shared machine.",
      "",
      ...table,
    ].join("\n");
    writeResultsSection("Web", body);
    console.log(
      `\nTargets met: ${metCount} of ${rows.length} pages; written to docs/bench-results.md`,
    );
  } finally {
    process.off("SIGINT", interrupted);
    process.off("SIGTERM", interrupted);
    await stopServer(app);
    rmSync(app.dataDir, { recursive: true, force: true });
  }
  if (failed > 0) process.exitCode = 1;
}

async function main() {
  const args = process.argv.slice(2);
  if (args.includes("--all")) return all();
  const [base, ...rest] = args;
  if (!base) {
    throw new Error("usage: bench/lighthouse.ts --all | <base-url> (<path>... | --data-dir DIR)");
  }
  const dataDirAt = rest.indexOf("--data-dir");
  const dataDir = dataDirAt >= 0 ? rest[dataDirAt + 1] : undefined;
  let paths = rest;
  if (dataDir) {
    const { author, postPath } = await sample(base, dataDir);
    paths = ["/", `/${author.handle}`, postPath];
  }
  if (paths.length === 0) throw new Error("give the paths to audit, or --data-dir to make some");
  const rows = await auditAll(
    base,
    paths.map((pagePath) => ({ label: pagePath, path: pagePath })),
  );
  console.log(`\n${tableLines(rows, false).join("\n")}`);
  if (rows.some((row) => !row.audit)) process.exitCode = 1;
}

await main();
