// `npm start` as a container's `CMD npm start` or a PID-based supervisor runs it
// (docs/operations.md "Start and stop"): a SIGTERM sent to npm reaches the server, which drains
// and stops, and nothing is left listening. The script execs node, so npm's child is the server
// itself, and npm passes the signal on. About processes, not data: the embedded database only.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freePort } from "../test-support/child-server";

const dataDir = mkdtempSync(path.join(tmpdir(), "chtcht-npm-start-"));
let npm: ChildProcess | undefined;
let serverPid: number | undefined;

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** The processes whose parent is `pid`, from /proc. */
const childrenOf = (pid: number) =>
  readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .filter((name) => {
      try {
        // pid (comm) state ppid …: the command may hold spaces, so read after its ')'.
        const stat = readFileSync(`/proc/${name}/stat`, "utf8");
        return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === pid;
      } catch {
        return false;
      }
    })
    .map(Number);

afterAll(() => {
  for (const pid of [serverPid, npm?.pid]) if (pid && alive(pid)) process.kill(pid, "SIGKILL");
  rmSync(dataDir, { recursive: true, force: true });
});

describe.skipIf(process.env.TEST_DATABASE_URL)("npm start", () => {
  it("passes a SIGTERM sent to npm on to the server, which drains and exits", async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    npm = spawn("npm", ["start"], {
      env: {
        ...process.env,
        NODE_ENV: "test",
        PORT: String(port),
        HOST: "127.0.0.1",
        PUBLIC_URL: url,
        DATA_DIR: dataDir,
        SMTP_INBOUND_PORT: "0",
        LOG_LEVEL: "info",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    for (const stream of [npm.stdout, npm.stderr]) {
      stream?.on("data", (chunk) => {
        output += String(chunk);
      });
    }
    const npmExited = new Promise<number | null>((resolve) => npm?.once("exit", resolve));
    const deadline = Date.now() + 90_000;
    while (
      !(await fetch(`${url}/healthz`).then(
        (r) => r.ok,
        () => false,
      ))
    ) {
      expect(Date.now(), output).toBeLessThan(deadline);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const npmPid = npm.pid as number;
    // npm's only child is the server (the script's shell exec'd node).
    const children = childrenOf(npmPid);
    expect(children, output).toHaveLength(1);
    serverPid = children[0] as number;
    expect(readFileSync(`/proc/${serverPid}/cmdline`, "utf8")).toContain("dist/server/main.js");

    npm.kill("SIGTERM");
    expect(await npmExited, output).toBe(0);
    const stopped = Date.now() + 15_000;
    while (alive(serverPid) && Date.now() < stopped) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(alive(serverPid), output).toBe(false);
    expect(output).toContain("stopped cleanly");
    const refused = await fetch(`${url}/healthz`).then(
      () => false,
      () => true,
    );
    expect(refused).toBe(true);
  }, 120_000);
});
