// The real server as its own process, compiled as `npm start` runs it (`node dist/server/main.js`,
// built by the integration tests' global setup), for tests that need what one process cannot
// show: two instances behind one database, or `kill -9` in the middle of a write. People sign up over real HTTP, with the code read from the instance's captured mail.
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

/** Node's flags as `npm start` gives them (package.json). */
const START_FLAGS = ["--enable-source-maps", "--max-semi-space-size=32"];

export interface ChildServer {
  url: string;
  dataDir: string;
  process: ChildProcess;
  /** What the instance printed (its log at LOG_LEVEL, warnings and errors). */
  output(): string;
}

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts an instance and waits for /healthz. `env` adds to (or overrides) the defaults: its own
 * DATA_DIR (kept when given, so a restarted instance finds its embedded database), a trusted
 * proxy so each test person can have an address of their own, inbound SMTP on any free port.
 */
export async function startServer(
  options: { port?: number; dataDir?: string; env?: Record<string, string> } = {},
): Promise<ChildServer> {
  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), "chtcht-instance-"));
  const child = spawn(process.execPath, [...START_FLAGS, "dist/server/main.js"], {
    env: {
      ...process.env,
      NODE_ENV: "test",
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      TRUST_PROXY: "true",
      SMTP_INBOUND_PORT: "0",
      // As in createTestApp: accounts a moment old write without the new-account limits.
      NEW_ACCOUNT_DAYS: "0",
      SESSION_SECRET: "child-server-test-secret-shared-by-every-instance",
      LOG_LEVEL: "warn",
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  // Its log (stdout) and what it says on stderr (a start's refusal), together as printed; a start
  // that fails is told by its stderr alone. Only the last OUTPUT_KEPT characters of each are kept:
  // a bench's access log at tens of thousands of requests a second outgrows a string.
  const output = keptTail();
  const stderr = keptTail();
  child.stdout?.on("data", (chunk) => output.add(String(chunk)));
  child.stderr?.on("data", (chunk) => {
    output.add(String(chunk));
    stderr.add(String(chunk));
  });
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`instance exited: ${stderr.text()}`);
    const ok = await fetch(`${url}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { url, dataDir, process: child, output: output.text };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill("SIGKILL");
  throw new Error(`instance did not become healthy: ${stderr.text()}`);
}

const OUTPUT_KEPT = 4 * 1024 * 1024;

/** The last OUTPUT_KEPT characters or so of what was added, in whole chunks. */
function keptTail() {
  const chunks: string[] = [];
  let size = 0;
  return {
    add(chunk: string) {
      chunks.push(chunk);
      size += chunk.length;
      while (chunks.length > 1 && size - (chunks[0]?.length ?? 0) >= OUTPUT_KEPT) {
        size -= chunks.shift()?.length ?? 0;
      }
    },
    text: () => chunks.join(""),
  };
}

/** Ends the process with `signal` and waits until it has exited. */
export async function stopServer(server: ChildServer, signal: NodeJS.Signals = "SIGTERM") {
  if (server.process.exitCode !== null || server.process.signalCode !== null) return;
  const exited = new Promise((resolve) => server.process.once("exit", resolve));
  server.process.kill(signal);
  await exited;
}

export interface ChildAccount {
  id: string;
  email: string;
  handle: string;
  cookie: string;
}

/** JSON over HTTP as a browser sends it, from this person's own address, with `headers` more. */
export function requester(server: ChildServer, who: { cookie?: string; ip: string }) {
  return (method: string, url: string, body?: unknown, headers: Record<string, string> = {}) =>
    fetch(`${server.url}${url}`, {
      method,
      headers: {
        "content-type": "application/json",
        "x-forwarded-for": who.ip,
        ...(who.cookie ? { cookie: who.cookie } : {}),
        ...headers,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
}

const randomIp = () => `10.77.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;

/** The code mail reaches a capture directory through the outbox, after the 201: poll for it (up
 * to 10 s) in each instance's DATA_DIR given (behind a load balancer any of them may send it). */
async function capturedCode(dataDirs: string[], email: string): Promise<string> {
  const mailDirs = dataDirs.map((dir) => path.join(dir, "mail"));
  for (let i = 0; i < 200; i++) {
    const mail = mailDirs
      .filter((dir) => existsSync(dir))
      .flatMap((dir) => readdirSync(dir).map((f) => readFileSync(path.join(dir, f), "utf8")))
      .find((raw) => raw.includes(email));
    const code = mail?.match(/^Subject: (\d{6}) is your/m)?.[1];
    if (code) return code;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no code mailed to ${email}`);
}

const PASSWORD = "violet kettle 7342";

/** Registers, verifies (code from the instance's captured mail) and signs in over real HTTP. */
export async function signUp(
  server: ChildServer,
  label = "child",
  email = `${label}.${randomBytes(4).toString("hex")}@example.com`,
  mailDataDirs = [server.dataDir],
): Promise<ChildAccount> {
  const password = PASSWORD;
  const post = requester(server, { ip: randomIp() });
  const register = await post("POST", "/api/auth/register", {
    email,
    fullName: "Child Person",
    password,
    agreeToPolicies: true,
  });
  if (register.status !== 201) throw new Error(`register: ${await register.text()}`);
  const code = await capturedCode(mailDataDirs, email);
  const verified = await post("POST", "/api/auth/verify-code", { email, code });
  if (verified.status !== 200) throw new Error(`verify: ${await verified.text()}`);
  const { user, cookie } = await logIn(server, email);
  return { id: user.id, email, handle: user.handle, cookie };
}

async function logIn(server: ChildServer, email: string) {
  const login = await requester(server, { ip: randomIp() })("POST", "/api/auth/login", {
    email,
    password: PASSWORD,
  });
  if (login.status !== 200) throw new Error(`login: ${await login.text()}`);
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const { user } = (await login.json()) as { user: { id: string; handle: string } };
  return { user, cookie };
}

/** The same person in another browser: the cookie of a fresh login. */
export async function signInAgain(server: ChildServer, who: ChildAccount): Promise<string> {
  return (await logIn(server, who.email)).cookie;
}
