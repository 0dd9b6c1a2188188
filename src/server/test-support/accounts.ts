// Test factory: a registered, verified, signed-in account through the real HTTP API.
import { randomBytes } from "node:crypto";
import type { TestApp } from "./test-app";

export interface TestAccount {
  userId: string;
  email: string;
  password: string;
  handle: string;
  cookie: string;
}

/** A fresh address for a test person who signs up by hand. */
export const uniqueEmail = (label: string) =>
  `${label}.${Math.random().toString(36).slice(2, 10)}@example.com`;

let counter = 0;
const nextIp = () => {
  counter += 1;
  return `10.200.${Math.floor(counter / 250) % 250}.${(counter % 250) + 1}`;
};

/** The Cookie header a browser sends after these Set-Cookie headers (cleared cookies left out). */
export function cookieHeader(setCookie: string | string[] | undefined): string {
  const list = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return list
    .map((c) => c.split(";")[0] as string)
    .filter((c) => !c.endsWith("="))
    .join("; ");
}

type Method = "GET" | "POST" | "PATCH" | "DELETE";

/** Requests to `t` as a browser holding `cookie`, each from a new address in 10.{subnet}.0.0/16,
 * so one test file's calls do not add up in the per-IP budgets. */
export function requester(t: TestApp, subnet: number) {
  let count = 0;
  return (method: Method, url: string, cookie: string, payload?: object) => {
    count += 1;
    return t.app.inject({
      method,
      url,
      remoteAddress: `10.${subnet}.${Math.floor(count / 250) % 250}.${(count % 250) + 1}`,
      headers: { cookie },
      ...(payload ? { payload } : {}),
    });
  };
}

export async function createAccount(
  t: TestApp,
  opts: { label?: string; fullName?: string; email?: string } = {},
): Promise<TestAccount> {
  const email =
    opts.email ?? `${opts.label ?? "person"}.${randomBytes(4).toString("hex")}@example.com`;
  const password = "violet kettle 7342";
  const ip = nextIp();
  const mailed = t.mailbox.codesTo(email).length;
  const register = await t.app.inject({
    method: "POST",
    url: "/api/auth/register",
    remoteAddress: ip,
    payload: { email, fullName: opts.fullName ?? "Test Person", password, agreeToPolicies: true },
  });
  if (register.statusCode !== 201) throw new Error(`register failed: ${register.body}`);
  await t.app.inject({
    method: "POST",
    url: "/api/auth/verify-code",
    remoteAddress: ip,
    payload: { email, code: await t.mailbox.codeArrived(email, mailed + 1) },
  });
  const login = await t.app.inject({
    method: "POST",
    url: "/api/auth/login",
    remoteAddress: ip,
    payload: { email, password },
  });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.body}`);
  const user = login.json().user as { id: string; handle: string };
  return {
    userId: user.id,
    email,
    password,
    handle: user.handle,
    cookie: cookieHeader(login.headers["set-cookie"]),
  };
}
