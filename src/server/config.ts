// Environment → typed config, validated once at boot (ARCHITECTURE.md "Contracts").
// A bad value stops the start with a message naming the variable.
import { createPrivateKey, type KeyObject, randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { FACE_ACTIONS, type FaceAction } from "../domain/face-liveness";
import { DEFAULT_CACHE_MB } from "./infra/cache-budget";
import {
  commaList,
  hostPort,
  isAddressOrRange,
  isDnsServer,
  isHostPort,
  newAndOthers,
  port,
  url,
} from "./infra/env-fields";
import type { RedisSentinel } from "./infra/redis";
import {
  isVapidPrivateKey,
  isVapidPublicKey,
  readOrCreateVapidKeys,
  type VapidKeys,
} from "./infra/vapid-keys";

/** The DKIM key (\n escapes allowed) parsed once: signing with a PEM string parses it again for
 * every mail, about 0.6 ms of CPU each (docs/performance.md "Outbound mail"). */
function dkimKey(pem: string): KeyObject | null {
  try {
    return createPrivateKey(pem.replaceAll("\\n", "\n"));
  } catch {
    return null;
  }
}

const envSchema = z.object({
  // Safe by default: `npm start` is production; `npm run dev` sets development and DEV_SERVER.
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  /** Set by `npm run dev` only: the Vite dev server's origin may make state-changing calls. */
  DEV_SERVER: z.enum(["true", "false"]).default("false"),
  PORT: port.default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  PUBLIC_URL: url(["http:", "https:"]).default("http://localhost:3000"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: url(["postgres:", "postgresql:"]).optional(),
  /** PostgreSQL streaming replicas that serve some reads, comma-separated (docs/operations.md
   * "Read replicas"). */
  DATABASE_READ_URLS: commaList()
    .refine(
      (entries) =>
        entries.length > 0 &&
        entries.every(
          (entry) =>
            URL.canParse(entry) && ["postgres:", "postgresql:"].includes(new URL(entry).protocol),
        ),
      { message: "must be comma-separated postgres:// URLs" },
    )
    .optional(),
  /** How long a start waits for PostgreSQL and Redis to answer (docs/operations.md "Start and
   * stop"). */
  START_WAIT_SECONDS: z.coerce.number().int().min(0).max(3_600).default(60),
  /** Connections to PostgreSQL per instance (docs/operations.md "Database"). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /** What the in-memory caches may hold together (docs/performance.md "Caches sized by memory"). */
  CACHE_MEMORY_MB: z.coerce.number().int().min(16).max(65_536).default(DEFAULT_CACHE_MB),
  REDIS_URL: url(["redis:", "rediss:"]).optional(),
  /** Redis Sentinel (docs/operations.md "Redis"): the sentinels, `host:port` comma-separated. */
  REDIS_SENTINELS: commaList()
    .refine((entries) => entries.length > 0 && entries.every(isHostPort), {
      message: "must be comma-separated host:port pairs (10.0.0.5:26379,10.0.0.6:26379)",
    })
    .optional(),
  /** The name the sentinels know the Redis primary by (`sentinel monitor <name> …`). */
  REDIS_SENTINEL_NAME: z.string().min(1).optional(),
  SMTP_URL: url(["smtp:", "smtps:"]).optional(),
  MAIL_FROM: z.string().min(3).optional(),
  MAIL_DOMAIN: z
    .string()
    .regex(/^[a-z0-9.-]+\.[a-z0-9-]+$/i, { message: "must be a domain name such as chtcht.local" })
    .default("chtcht.local"),
  SMTP_INBOUND_PORT: port.default(2525),
  SMTP_INBOUND_HOST: z.string().min(1).default("127.0.0.1"),
  /** A client that owes the inbound SMTP server its next line this long is dropped. */
  SMTP_INBOUND_IDLE_SECONDS: z.coerce.number().int().min(1).max(600).default(30),
  /** DNS servers for inbound mail's checks and website checks (docs/mail.md "DNS"); unset: the
   * system's. */
  DNS_SERVERS: commaList()
    .refine((servers) => servers.length > 0 && servers.every(isDnsServer), {
      message: "must be comma-separated IP addresses, each with an optional port (9.9.9.9:53)",
    })
    .optional(),
  /** Non-public addresses a website check may reach (docs/profiles-and-media.md "Verified links"). */
  LINK_CHECK_ALLOW_PRIVATE: commaList()
    .refine((entries) => entries.length > 0 && entries.every(isAddressOrRange), {
      message: "must be comma-separated IP addresses or CIDR ranges (127.0.0.1,10.0.0.0/8)",
    })
    .optional(),
  /** Federation may reach private addresses and plain-http actors (docs/federation.md "Safety"):
   * tests and closed networks only; a warning is logged at start. */
  FEDERATION_ALLOW_PRIVATE: z.enum(["true", "false"]).default("false"),
  /** Other servers must sign their fetches of our people and posts (docs/federation.md "Signed
   * fetches"), as Mastodon's secure mode asks. */
  FEDERATION_SIGNED_FETCHES: z.enum(["true", "false"]).default("false"),
  /** How long a request to another server may wait for its answer's headers, and then for its
   * body (docs/federation.md "Safety"). */
  FEDERATION_FETCH_SECONDS: z.coerce.number().int().min(1).max(120).default(10),
  /** Website checks may use any port, not only 80 and 443 (tests and development). */
  LINK_CHECK_ANY_PORT: z.enum(["true", "false"]).default("false"),
  /** Web push's VAPID keys (docs/notifications.md "Push"), set together; unset: generated once
   * into DATA_DIR/vapid-keys.json. */
  VAPID_PUBLIC_KEY: z
    .string()
    .refine(isVapidPublicKey, {
      message: "must be an uncompressed P-256 public key, base64url (87 characters)",
    })
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .refine(isVapidPrivateKey, {
      message: "must be a P-256 private key, base64url (43 characters)",
    })
    .optional(),
  /** Who push services may contact about our pushes; unset: mailto:postmaster@MAIL_DOMAIN. */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:[^@\s]+@[^@\s]+|https:\/\/\S+)$/, {
      message: "must be a mailto: address or an https: URL",
    })
    .optional(),
  /** Non-public addresses a push endpoint may be at, over plain http or any port (tests only). */
  PUSH_ALLOW_PRIVATE: commaList()
    .refine((entries) => entries.length > 0 && entries.every(isAddressOrRange), {
      message: "must be comma-separated IP addresses or CIDR ranges (127.0.0.1,::1)",
    })
    .optional(),
  /** PEM files for STARTTLS on the inbound SMTP server (set together). */
  SMTP_TLS_KEY_FILE: z.string().min(1).optional(),
  SMTP_TLS_CERT_FILE: z.string().min(1).optional(),
  /** The PEM private key that signs outgoing mail (\n escapes allowed), and its DNS selector. */
  DKIM_PRIVATE_KEY: z
    .string()
    .transform((value, ctx) => {
      const key = dkimKey(value);
      if (!key) ctx.addIssue({ code: "custom", message: "must be a PEM private key" });
      return key ?? z.NEVER;
    })
    .optional(),
  DKIM_SELECTOR: z
    .string()
    .regex(/^[a-z0-9][a-z0-9._-]*$/i, { message: "must be a DNS label such as mail2026" })
    .optional(),
  SITE_NAME: z.string().min(1).max(40).default("chtcht"),
  TRUST_PROXY: z.enum(["true", "false"]).default("false"),
  SESSION_SECRET: z.string().min(32, { message: "must be at least 32 characters" }).optional(),
  S3_ENDPOINT: url(["http:", "https:"]).optional(),
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  STRIPE_SECRET_KEY: z.string().startsWith("sk_").optional(),
  STRIPE_WEBHOOK_SECRET: z.string().startsWith("whsec_").optional(),
  STRIPE_API_URL: url(["http:", "https:"]).optional(),
  /** Who answers the advanced search (docs/search.md "Search engines"): each instance's in-memory
   * profile index, or PostgreSQL's own indexes. */
  SEARCH_ENGINE: z.enum(["memory", "postgres"]).default("memory"),
  /** People-search result pages per account (docs/search.md "Search budget"). */
  SEARCH_PAGES_PER_HOUR: newAndOthers("100,500"),
  SEARCH_PAGES_PER_DAY: newAndOthers("300,1000"),
  /** How many days an account keeps the new-account limits (docs/safety.md "New accounts"); 0
   * turns them off (the tests' and benchmarks' many writes from accounts made a moment ago). */
  NEW_ACCOUNT_DAYS: z.coerce.number().int().min(0).max(365).default(7),
  /** Bearer token that opens GET /metrics (docs/operations.md "Metrics"); unset: 404. */
  METRICS_TOKEN: z.string().min(16, { message: "must be at least 16 characters" }).optional(),
  /** Browser tests only: every live face check asks for these two actions in this order. */
  FACE_CHALLENGE_ACTIONS: commaList()
    .pipe(
      z
        .array(z.enum(FACE_ACTIONS))
        .length(2)
        .refine(([a, b]) => a !== b, { message: "must be two different actions" }),
    )
    .optional(),
  ADMIN_EMAILS: commaList()
    .transform((emails) => emails.map((email) => email.toLowerCase()))
    .pipe(z.array(z.string().email({ message: "must be comma-separated e-mail addresses" })))
    .optional(),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env["NODE_ENV"];
  port: number;
  host: string;
  trustProxy: boolean;
  /** Running under `npm run dev` with Vite on :5173 (docs/operations.md "Limits"). */
  devServer: boolean;
  publicUrl: string;
  /** docs/federation.md "Safety". */
  federation: { allowPrivate: boolean; signedFetches: boolean; fetchSeconds: number };
  secureCookies: boolean;
  dataDir: string;
  databaseUrl: string | undefined;
  /** The read replicas (DATABASE_READ_URLS); empty: every read on the primary. */
  databaseReadUrls: string[];
  databasePoolSize: number;
  startWaitSeconds: number;
  /** MB the in-memory caches share (infra/cache-budget.ts). */
  cacheMemoryMb: number;
  redisUrl: string | undefined;
  /** Redis Sentinel, when REDIS_SENTINELS is set (infra/redis.ts). */
  redisSentinel: RedisSentinel | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  mailDomain: string;
  smtpInboundPort: number;
  smtpInboundHost: string;
  /** Idle time before the inbound SMTP server drops a client (docs/mail.md "Inbound"). */
  smtpInboundIdleMs: number;
  /** DNS servers (`ip`, `ip:port`) for inbound mail's checks; undefined: the system's. */
  dnsServers: string[] | undefined;
  /** What a website check may reach beyond public addresses on ports 80 and 443
   * (docs/profiles-and-media.md "Verified links"). */
  linkCheck: { allowPrivate: string[]; anyPort: boolean };
  /** STARTTLS for inbound SMTP (docs/mail.md); unset: plain SMTP, fine on loopback. */
  smtpTls: { key: string; cert: string } | undefined;
  /** Signs outgoing mail From our domain (docs/mail.md "DNS records"). */
  dkim: { domainName: string; keySelector: string; privateKey: KeyObject } | undefined;
  siteName: string;
  sessionSecret: string;
  /** Web push (docs/notifications.md "Push"): the VAPID keys and subject, and the non-public
   * addresses an endpoint may be at (PUSH_ALLOW_PRIVATE: tests). */
  push: { vapid: VapidKeys & { subject: string }; allowPrivate: string[] };
  /** Any S3-compatible object store for media; unset: files under DATA_DIR/media. */
  s3:
    | {
        endpoint: string;
        bucket: string;
        region: string;
        accessKeyId: string;
        secretAccessKey: string;
      }
    | undefined;
  /** Moderators and admins by address (docs/safety.md), lower-cased. */
  adminEmails: string[];
  /** Opens GET /metrics to requests that carry it; unset, /metrics is a 404. */
  metricsToken: string | undefined;
  /** People-search result pages one account may read an hour and a day, for accounts under 30
   * days old and for the others (docs/search.md "Search budget"). */
  /** Who answers the advanced search (docs/search.md "Search engines"). */
  searchEngine: "memory" | "postgres";
  searchBudget: {
    hour: { newAccount: number; others: number };
    day: { newAccount: number; others: number };
  };
  /** Days an account has the smaller write budgets and inert links (docs/safety.md "New
   * accounts"); 0: none. */
  newAccountDays: number;
  /** Real payments (docs/usernames.md); unset: the built-in test provider. */
  stripe: { secretKey: string; webhookSecret: string; apiUrl: string | undefined } | undefined;
  /** Set only under NODE_ENV=test: the actions every live face check asks for; else random. */
  faceChallengeActions: [FaceAction, FaceAction] | undefined;
}

export class ConfigError extends Error {}

/** Only the variables this app knows; empty strings count as unset. */
function pickEnv(source: NodeJS.ProcessEnv): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of Object.keys(envSchema.shape)) {
    const value = source[key];
    if (value !== undefined && value !== "") out[key] = value;
  }
  return out;
}

function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, "session-secret");
  try {
    const existing = readFileSync(file, "utf8").trim();
    if (existing.length >= 32) return existing;
  } catch {
    // first start: create it below
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString("base64url");
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

function readPem(name: string, file: string): string {
  try {
    return readFileSync(file, "utf8");
  } catch {
    throw new ConfigError(`Invalid configuration:\n  ${name}: cannot read ${file}`);
  }
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(pickEnv(source));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const env = parsed.data;
  const s3 = [env.S3_ENDPOINT, env.S3_BUCKET, env.S3_ACCESS_KEY_ID, env.S3_SECRET_ACCESS_KEY];
  if (s3.some(Boolean) && !s3.every(Boolean)) {
    throw new ConfigError(
      "Invalid configuration:\n  S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together",
    );
  }
  for (const [a, b] of [
    ["SMTP_TLS_KEY_FILE", "SMTP_TLS_CERT_FILE"],
    ["DKIM_PRIVATE_KEY", "DKIM_SELECTOR"],
    ["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET"],
    ["VAPID_PUBLIC_KEY", "VAPID_PRIVATE_KEY"],
  ] as const) {
    if (Boolean(env[a]) !== Boolean(env[b])) {
      throw new ConfigError(`Invalid configuration:\n  ${a} and ${b} must be set together`);
    }
  }
  for (const key of ["newAccount", "others"] as const) {
    if (env.SEARCH_PAGES_PER_DAY[key] < env.SEARCH_PAGES_PER_HOUR[key]) {
      throw new ConfigError(
        "Invalid configuration:\n  SEARCH_PAGES_PER_DAY must be at least SEARCH_PAGES_PER_HOUR, figure by figure",
      );
    }
  }
  if (env.REDIS_SENTINELS && !env.REDIS_SENTINEL_NAME) {
    throw new ConfigError(
      "Invalid configuration:\n  REDIS_SENTINEL_NAME must name the Redis primary the sentinels in REDIS_SENTINELS watch",
    );
  }
  if (env.DATABASE_READ_URLS && !env.DATABASE_URL) {
    throw new ConfigError(
      "Invalid configuration:\n  DATABASE_READ_URLS needs DATABASE_URL: replicas are read beside a PostgreSQL primary, never beside the embedded database",
    );
  }
  if ((env.REDIS_SENTINELS || env.REDIS_SENTINEL_NAME) && !env.REDIS_URL) {
    throw new ConfigError(
      "Invalid configuration:\n  REDIS_URL must be set with REDIS_SENTINELS and REDIS_SENTINEL_NAME (its password, database and rediss: apply to the primary the sentinels name)",
    );
  }
  if (env.REDIS_SENTINEL_NAME && !env.REDIS_SENTINELS) {
    throw new ConfigError(
      "Invalid configuration:\n  REDIS_SENTINELS must list the sentinels when REDIS_SENTINEL_NAME is set",
    );
  }
  if (env.FACE_CHALLENGE_ACTIONS && env.NODE_ENV !== "test") {
    throw new ConfigError(
      "Invalid configuration:\n  FACE_CHALLENGE_ACTIONS is for tests: it needs NODE_ENV=test",
    );
  }
  const dataDir = path.resolve(env.DATA_DIR);
  const publicUrl = env.PUBLIC_URL.replace(/\/+$/, "");
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    trustProxy: env.TRUST_PROXY === "true",
    devServer: env.DEV_SERVER === "true",
    publicUrl,
    secureCookies: publicUrl.startsWith("https:"),
    dataDir,
    databaseUrl: env.DATABASE_URL,
    databaseReadUrls: env.DATABASE_READ_URLS ?? [],
    databasePoolSize: env.DATABASE_POOL_SIZE,
    startWaitSeconds: env.START_WAIT_SECONDS,
    cacheMemoryMb: env.CACHE_MEMORY_MB,
    redisUrl: env.REDIS_URL,
    redisSentinel: env.REDIS_SENTINELS && {
      sentinels: env.REDIS_SENTINELS.map(hostPort),
      name: env.REDIS_SENTINEL_NAME ?? "",
    },
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM ?? `${env.SITE_NAME} <no-reply@${env.MAIL_DOMAIN}>`,
    mailDomain: env.MAIL_DOMAIN.toLowerCase(),
    smtpInboundPort: env.SMTP_INBOUND_PORT,
    smtpInboundHost: env.SMTP_INBOUND_HOST,
    smtpInboundIdleMs: env.SMTP_INBOUND_IDLE_SECONDS * 1000,
    dnsServers: env.DNS_SERVERS,
    linkCheck: {
      allowPrivate: env.LINK_CHECK_ALLOW_PRIVATE ?? [],
      anyPort: env.LINK_CHECK_ANY_PORT === "true",
    },
    federation: {
      allowPrivate: env.FEDERATION_ALLOW_PRIVATE === "true",
      signedFetches: env.FEDERATION_SIGNED_FETCHES === "true",
      fetchSeconds: env.FEDERATION_FETCH_SECONDS,
    },
    smtpTls:
      env.SMTP_TLS_KEY_FILE && env.SMTP_TLS_CERT_FILE
        ? {
            key: readPem("SMTP_TLS_KEY_FILE", env.SMTP_TLS_KEY_FILE),
            cert: readPem("SMTP_TLS_CERT_FILE", env.SMTP_TLS_CERT_FILE),
          }
        : undefined,
    dkim:
      env.DKIM_PRIVATE_KEY && env.DKIM_SELECTOR
        ? {
            domainName: env.MAIL_DOMAIN.toLowerCase(),
            keySelector: env.DKIM_SELECTOR,
            privateKey: env.DKIM_PRIVATE_KEY,
          }
        : undefined,
    siteName: env.SITE_NAME,
    sessionSecret: env.SESSION_SECRET ?? readOrCreateSecret(dataDir),
    push: {
      vapid: {
        ...(env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY
          ? { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY }
          : readOrCreateVapidKeys(dataDir)),
        subject: env.VAPID_SUBJECT ?? `mailto:postmaster@${env.MAIL_DOMAIN.toLowerCase()}`,
      },
      allowPrivate: env.PUSH_ALLOW_PRIVATE ?? [],
    },
    metricsToken: env.METRICS_TOKEN,
    searchEngine: env.SEARCH_ENGINE,
    searchBudget: { hour: env.SEARCH_PAGES_PER_HOUR, day: env.SEARCH_PAGES_PER_DAY },
    newAccountDays: env.NEW_ACCOUNT_DAYS,
    s3:
      env.S3_ENDPOINT && env.S3_BUCKET && env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
        ? {
            endpoint: env.S3_ENDPOINT,
            bucket: env.S3_BUCKET,
            region: env.S3_REGION ?? "us-east-1",
            accessKeyId: env.S3_ACCESS_KEY_ID,
            secretAccessKey: env.S3_SECRET_ACCESS_KEY,
          }
        : undefined,
    adminEmails: env.ADMIN_EMAILS ?? [],
    faceChallengeActions: env.FACE_CHALLENGE_ACTIONS as [FaceAction, FaceAction] | undefined,
    stripe:
      env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: env.STRIPE_SECRET_KEY,
            webhookSecret: env.STRIPE_WEBHOOK_SECRET,
            apiUrl: env.STRIPE_API_URL,
          }
        : undefined,
  };
}
