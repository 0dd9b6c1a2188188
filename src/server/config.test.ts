import { generateKeyPairSync } from "node:crypto";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config";

const tempDir = () => mkdtempSync(path.join(tmpdir(), "chtcht-config-"));

describe("loadConfig", () => {
  it("applies the documented defaults", () => {
    const config = loadConfig({ DATA_DIR: tempDir() });
    expect(config).toMatchObject({
      port: 3000,
      publicUrl: "http://localhost:3000",
      mailDomain: "chtcht.local",
      smtpInboundPort: 2525,
      siteName: "chtcht",
      secureCookies: false,
      databaseUrl: undefined,
      databasePoolSize: 10,
    });
    expect(loadConfig({ DATA_DIR: tempDir(), DATABASE_POOL_SIZE: "4" }).databasePoolSize).toBe(4);
    expect(loadConfig({ DATA_DIR: tempDir() }).searchBudget).toEqual({
      hour: { newAccount: 100, others: 500 },
      day: { newAccount: 300, others: 1000 },
    });
    expect(
      loadConfig({ DATA_DIR: tempDir(), SEARCH_PAGES_PER_HOUR: "3, 7" }).searchBudget.hour,
    ).toEqual({ newAccount: 3, others: 7 });
    expect(loadConfig({ DATA_DIR: tempDir() }).searchEngine).toBe("memory");
    expect(loadConfig({ DATA_DIR: tempDir(), SEARCH_ENGINE: "postgres" }).searchEngine).toBe(
      "postgres",
    );
  });

  it("is production-safe when nothing is set: no dev server origin", () => {
    expect(loadConfig({ DATA_DIR: tempDir() })).toMatchObject({
      env: "production",
      devServer: false,
    });
    expect(
      loadConfig({ DATA_DIR: tempDir(), NODE_ENV: "development", DEV_SERVER: "true" }),
    ).toMatchObject({ env: "development", devServer: true });
  });

  it("generates a session secret once and keeps it in DATA_DIR", () => {
    const dir = tempDir();
    const first = loadConfig({ DATA_DIR: dir }).sessionSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dir, "session-secret"), "utf8").trim()).toBe(first);
    expect(loadConfig({ DATA_DIR: dir }).sessionSecret).toBe(first);
  });

  it("generates the VAPID keys once into DATA_DIR, or takes the operator's pair", () => {
    const dir = tempDir();
    const first = loadConfig({ DATA_DIR: dir }).push.vapid;
    expect(first.publicKey).toMatch(/^B[A-Za-z0-9_-]{86}$/);
    expect(first.privateKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first.subject).toBe("mailto:postmaster@chtcht.local");
    expect(JSON.parse(readFileSync(path.join(dir, "vapid-keys.json"), "utf8"))).toEqual({
      publicKey: first.publicKey,
      privateKey: first.privateKey,
    });
    expect(loadConfig({ DATA_DIR: dir }).push.vapid).toEqual(first);
    const other = loadConfig({ DATA_DIR: tempDir() }).push.vapid;
    const set = loadConfig({
      DATA_DIR: tempDir(),
      VAPID_PUBLIC_KEY: other.publicKey,
      VAPID_PRIVATE_KEY: other.privateKey,
      VAPID_SUBJECT: "https://chtcht.example/contact",
    }).push.vapid;
    expect(set).toEqual({ ...other, subject: "https://chtcht.example/contact" });
    expect(() =>
      loadConfig({ DATA_DIR: tempDir(), VAPID_PUBLIC_KEY: other.publicKey }),
    ).toThrowError(/VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together/);
  });

  it("uses secure cookies when PUBLIC_URL is https", () => {
    expect(
      loadConfig({ DATA_DIR: tempDir(), PUBLIC_URL: "https://chtcht.example/" }),
    ).toMatchObject({
      publicUrl: "https://chtcht.example",
      secureCookies: true,
    });
  });

  it.each([
    ["PORT", "seventy"],
    ["PORT", "70000"],
    ["PUBLIC_URL", "not a url"],
    ["DATABASE_URL", "mysql://x@y/z"],
    ["DATABASE_POOL_SIZE", "0"],
    ["DATABASE_POOL_SIZE", "many"],
    ["REDIS_URL", "http://localhost:6379"],
    ["SMTP_URL", "ftp://mail"],
    ["MAIL_DOMAIN", "no spaces allowed.com x"],
    ["NODE_ENV", "staging"],
    ["DEV_SERVER", "yes"],
    ["SESSION_SECRET", "too-short"],
    ["STRIPE_SECRET_KEY", "pk_live_123"],
    ["DNS_SERVERS", "dns.example"],
    ["DNS_SERVERS", "1.1.1.1,not-an-ip"],
    ["DNS_SERVERS", "1.1.1.1:0"],
    ["DNS_SERVERS", "1.1.1.1:70000"],
    ["DNS_SERVERS", "1.1.1"],
    ["DNS_SERVERS", "[2001:db8::1]"],
    ["DNS_SERVERS", "[1.1.1.1]:53"],
    ["DNS_SERVERS", " , "],
    ["SMTP_INBOUND_IDLE_SECONDS", "0"],
    ["LINK_CHECK_ALLOW_PRIVATE", "true"],
    ["LINK_CHECK_ALLOW_PRIVATE", "localhost"],
    ["LINK_CHECK_ALLOW_PRIVATE", "10.0.0.0/33"],
    ["LINK_CHECK_ALLOW_PRIVATE", "127.0.0.1, 0x7f.1"],
    ["LINK_CHECK_ANY_PORT", "yes"],
    ["VAPID_PUBLIC_KEY", "BAAA"],
    ["VAPID_PRIVATE_KEY", "not+base64url"],
    ["VAPID_SUBJECT", "ops@chtcht.example"],
    ["VAPID_SUBJECT", "http://chtcht.example"],
    ["PUSH_ALLOW_PRIVATE", "localhost"],
    ["SEARCH_PAGES_PER_HOUR", "100"],
    ["SEARCH_PAGES_PER_HOUR", "100,0"],
    ["SEARCH_PAGES_PER_DAY", "300,1500,9"],
    ["SEARCH_PAGES_PER_DAY", "50,1500"],
    ["SEARCH_ENGINE", "elastic"],
  ])("stops on a malformed %s with a message naming it", (name, value) => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), [name]: value })).toThrowError(ConfigError);
    expect(() => loadConfig({ DATA_DIR: tempDir(), [name]: value })).toThrowError(new RegExp(name));
  });

  it("fixes the face check's actions only for tests, and only two different known ones", () => {
    const withActions = (actions: string, env = "test") =>
      loadConfig({ DATA_DIR: tempDir(), NODE_ENV: env, FACE_CHALLENGE_ACTIONS: actions });
    expect(withActions("smile, left").faceChallengeActions).toEqual(["smile", "left"]);
    expect(loadConfig({ DATA_DIR: tempDir() }).faceChallengeActions).toBeUndefined();
    expect(() => withActions("smile,left", "production")).toThrowError(/needs NODE_ENV=test/);
    for (const bad of ["smile", "smile,smile", "smile,wink", "left,right,smile"]) {
      expect(() => withActions(bad), bad).toThrowError(/FACE_CHALLENGE_ACTIONS/);
    }
  });

  it("reads Redis Sentinel: the sentinels, the primary's name, REDIS_URL for the rest", () => {
    const sentinel = {
      REDIS_URL: "rediss://:secret@primary:6379/2",
      REDIS_SENTINELS: "10.0.0.5:26379, sentinel-b.internal:26380,[2001:db8::7]:26379",
      REDIS_SENTINEL_NAME: "chtcht",
    };
    expect(loadConfig({ DATA_DIR: tempDir(), ...sentinel })).toMatchObject({
      redisUrl: "rediss://:secret@primary:6379/2",
      redisSentinel: {
        name: "chtcht",
        sentinels: [
          { host: "10.0.0.5", port: 26379 },
          { host: "sentinel-b.internal", port: 26380 },
          { host: "2001:db8::7", port: 26379 },
        ],
      },
    });
    expect(loadConfig({ DATA_DIR: tempDir(), REDIS_URL: "redis://r:6379" }).redisSentinel).toBe(
      undefined,
    );
    const refused = (env: Record<string, string>) => () =>
      loadConfig({ DATA_DIR: tempDir(), ...env });
    const { REDIS_URL, REDIS_SENTINELS, REDIS_SENTINEL_NAME } = sentinel;
    expect(refused({ REDIS_URL, REDIS_SENTINELS })).toThrowError(/REDIS_SENTINEL_NAME must/);
    expect(refused({ REDIS_URL, REDIS_SENTINEL_NAME })).toThrowError(/REDIS_SENTINELS must/);
    expect(refused({ REDIS_SENTINELS, REDIS_SENTINEL_NAME })).toThrowError(/REDIS_URL must/);
    for (const bad of ["10.0.0.5", "10.0.0.5:0", "10.0.0.5:70000", "[not-ipv6]:26379", " , "]) {
      expect(refused({ ...sentinel, REDIS_SENTINELS: bad }), bad).toThrowError(
        /REDIS_SENTINELS: must be comma-separated host:port/,
      );
    }
  });

  it("reads DATABASE_READ_URLS beside DATABASE_URL only, as postgres URLs", () => {
    const primary = "postgres://chtcht@10.0.0.5:5432/chtcht";
    const replicas = "postgres://chtcht@10.0.0.6:5432/chtcht, postgres://chtcht@10.0.0.7/chtcht";
    const env = { DATA_DIR: tempDir(), DATABASE_URL: primary };
    expect(loadConfig({ ...env, DATABASE_READ_URLS: replicas }).databaseReadUrls).toEqual([
      "postgres://chtcht@10.0.0.6:5432/chtcht",
      "postgres://chtcht@10.0.0.7/chtcht",
    ]);
    expect(loadConfig(env).databaseReadUrls).toEqual([]);
    expect(() => loadConfig({ DATA_DIR: tempDir(), DATABASE_READ_URLS: replicas })).toThrowError(
      /DATABASE_READ_URLS needs DATABASE_URL/,
    );
    for (const bad of ["redis://10.0.0.6", "10.0.0.6:5432", " , "]) {
      expect(() => loadConfig({ ...env, DATABASE_READ_URLS: bad }), bad).toThrowError(
        /DATABASE_READ_URLS: must be comma-separated postgres:\/\/ URLs/,
      );
    }
  });

  it("parses the DKIM key once, with \\n escapes, and refuses one that is not a private key", () => {
    const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
    const pem = privateKey.export({ type: "pkcs8", format: "pem" }).toString();
    const config = loadConfig({
      DATA_DIR: tempDir(),
      DKIM_PRIVATE_KEY: pem.replaceAll("\n", "\\n"),
      DKIM_SELECTOR: "s1",
    });
    expect(config.dkim?.keySelector).toBe("s1");
    expect(config.dkim?.privateKey.type).toBe("private");
    expect(config.dkim?.privateKey.export({ type: "pkcs8", format: "pem" })).toBe(pem);
    for (const bad of [
      "not a key",
      "-----BEGIN PRIVATE KEY-----\\nbroken\\n-----END PRIVATE KEY-----",
      publicKey.export({ type: "spki", format: "pem" }).toString(),
    ]) {
      expect(() =>
        loadConfig({ DATA_DIR: tempDir(), DKIM_PRIVATE_KEY: bad, DKIM_SELECTOR: "s1" }),
      ).toThrow(/DKIM_PRIVATE_KEY: must be a PEM private key/);
    }
  });

  it("requires the S3 variables together", () => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), S3_BUCKET: "media" })).toThrowError(
      /S3_ENDPOINT/,
    );
  });

  it("takes Stripe only with its webhook secret, and the test provider without either", () => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), STRIPE_SECRET_KEY: "sk_test_1" })).toThrowError(
      /STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET must be set together/,
    );
    expect(loadConfig({ DATA_DIR: tempDir() }).stripe).toBeUndefined();
    const stripe = loadConfig({
      DATA_DIR: tempDir(),
      STRIPE_SECRET_KEY: "sk_test_1",
      STRIPE_WEBHOOK_SECRET: "whsec_1",
      STRIPE_API_URL: "http://127.0.0.1:12111",
    }).stripe;
    expect(stripe).toEqual({
      secretKey: "sk_test_1",
      webhookSecret: "whsec_1",
      apiUrl: "http://127.0.0.1:12111",
    });
  });

  it("takes DNS servers for inbound mail as ip or ip:port, the system's when unset", () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).dnsServers).toBeUndefined();
    expect(
      loadConfig({
        DATA_DIR: tempDir(),
        DNS_SERVERS: "9.9.9.9, 127.0.0.1:5353,2001:db8::53,[2001:db8::53]:5353",
      }).dnsServers,
    ).toEqual(["9.9.9.9", "127.0.0.1:5353", "2001:db8::53", "[2001:db8::53]:5353"]);
  });

  it("keeps website checks to public addresses on ports 80 and 443 unless told otherwise", () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).linkCheck).toEqual({
      allowPrivate: [],
      anyPort: false,
    });
    expect(
      loadConfig({
        DATA_DIR: tempDir(),
        LINK_CHECK_ALLOW_PRIVATE: "127.0.0.1, 10.0.0.0/8,::1",
        LINK_CHECK_ANY_PORT: "true",
      }).linkCheck,
    ).toEqual({ allowPrivate: ["127.0.0.1", "10.0.0.0/8", "::1"], anyPort: true });
  });

  it("drops idle inbound SMTP clients after 30 s unless told otherwise", () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).smtpInboundIdleMs).toBe(30_000);
    expect(
      loadConfig({ DATA_DIR: tempDir(), SMTP_INBOUND_IDLE_SECONDS: "2" }).smtpInboundIdleMs,
    ).toBe(2000);
  });
});
