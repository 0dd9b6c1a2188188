// Lighthouse (mobile preset, its default) on the landing page, a profile and a post page of an
// app that is already running: one run at a time, each in a fresh headless Chromium. Prints the
// four category scores and the paint and layout-shift figures per page (docs/performance.md
// "Lighthouse"). Starts no app server.
//   node --import tsx bench/lighthouse.ts <base-url> <path>...
//   node --import tsx bench/lighthouse.ts <base-url> --data-dir <DATA_DIR>
// The second form first makes a person with a picture, a post with a picture and a comment
// through the API (the e-mailed codes are read from DATA_DIR/mail), then audits /, the profile
// and the post. CHROME_PATH picks the browser (default /usr/bin/chromium).
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";
import sharp from "sharp";

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
const CHROME_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu"];
const PASSWORD = "violet kettle 7342";

interface Row {
  path: string;
  scores: number[];
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  cls: number;
}

async function audit(url: string): Promise<Omit<Row, "path">> {
  const chrome = await launch({
    chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    chromeFlags: CHROME_FLAGS,
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      logLevel: "error",
      onlyCategories: [...CATEGORIES],
    });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const { categories, audits } = result.lhr;
    const value = (id: string) => audits[id]?.numericValue ?? Number.NaN;
    return {
      scores: CATEGORIES.map((id) => Math.round((categories[id]?.score ?? 0) * 100)),
      fcpMs: value("first-contentful-paint"),
      lcpMs: value("largest-contentful-paint"),
      tbtMs: value("total-blocking-time"),
      cls: value("cumulative-layout-shift"),
    };
  } finally {
    chrome.kill();
  }
}

/** The newest code mailed to `email`, from the .eml files the app writes without SMTP_URL. */
function mailedCode(dataDir: string, email: string): string {
  const mailDir = path.join(dataDir, "mail");
  for (const file of readdirSync(mailDir).sort().reverse()) {
    const raw = readFileSync(path.join(mailDir, file), "utf8");
    if (!raw.includes(email)) continue;
    const code = /^Subject: (\d{6}) is your/m.exec(raw)?.[1];
    if (code) return code;
  }
  throw new Error(`no code mailed to ${email} in ${mailDir}`);
}

async function call(base: string, route: string, init: RequestInit = {}): Promise<Response> {
  const response = await fetch(new URL(route, base), init);
  if (!response.ok) throw new Error(`${route}: ${response.status} ${await response.text()}`);
  return response;
}

const picture = (background: string) =>
  sharp({ create: { width: 1200, height: 800, channels: 3, background } })
    .jpeg()
    .toBuffer();

/** A verified, signed-in person; answers their session cookie and id. */
async function person(base: string, dataDir: string, fullName: string) {
  const email = `${fullName.toLowerCase().replace(/\W+/g, ".")}.${Date.now()}@example.com`;
  const json = { "Content-Type": "application/json" };
  const account = { email, fullName, password: PASSWORD, agreeToPolicies: true };
  await call(base, "/api/auth/register", {
    method: "POST",
    headers: json,
    body: JSON.stringify(account),
  });
  const code = mailedCode(dataDir, email);
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
async function sample(base: string, dataDir: string): Promise<string[]> {
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
  await call(base, `/api/posts/${post.id}/comments`, {
    method: "POST",
    headers: { cookie: reader.cookie, "Content-Type": "application/json" },
    body: JSON.stringify({ content: "The light was just right." }),
  });
  return ["/", `/${author.handle}`, post.path];
}

async function main() {
  const [base, ...rest] = process.argv.slice(2);
  if (!base) throw new Error("usage: bench/lighthouse.ts <base-url> (<path>... | --data-dir DIR)");
  const dataDirAt = rest.indexOf("--data-dir");
  const dataDir = dataDirAt >= 0 ? rest[dataDirAt + 1] : undefined;
  const paths = dataDir ? await sample(base, dataDir) : rest;
  if (paths.length === 0) throw new Error("give the paths to audit, or --data-dir to make some");

  const rows: Row[] = [];
  for (const pagePath of paths) {
    rows.push({ path: pagePath, ...(await audit(new URL(pagePath, base).href)) });
  }
  console.log(
    "| page | performance | accessibility | best practices | SEO | FCP | LCP | TBT | CLS |",
  );
  console.log("| --- | --: | --: | --: | --: | --: | --: | --: | --: |");
  for (const row of rows) {
    const [performance, accessibility, practices, seo] = row.scores;
    const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    console.log(
      `| \`${row.path}\` | ${performance} | ${accessibility} | ${practices} | ${seo} | ${seconds(row.fcpMs)} | ${seconds(row.lcpMs)} | ${Math.round(row.tbtMs)} ms | ${row.cls.toFixed(3)} |`,
    );
  }
}

await main();
