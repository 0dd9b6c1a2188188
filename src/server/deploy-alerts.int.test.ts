// The shipped alert rules (deploy/prometheus/alerts.yml, docs/operations.md "Alerts") against a
// live /metrics: every series an expression reads must be one the app serves, so renaming a metric
// without its alert fails here. promtool checks the rules' syntax (deploy-files.int.test.ts).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { selfSignedCertificate } from "./test-support/page-server";
import { createTestApp, type TestApp } from "./test-support/test-app";

const TOKEN = "deploy-alerts-metrics-token";
const deployFile = (name: string) =>
  readFileSync(new URL(`../../deploy/prometheus/${name}`, import.meta.url), "utf8");

interface RuleFile {
  groups: { name: string; rules: { alert: string; expr: string }[] }[];
}

const PROMQL_WORDS = new Set([
  "and",
  "or",
  "unless",
  "bool",
  "by",
  "without",
  "on",
  "ignoring",
  "group_left",
  "group_right",
  "offset",
  "inf",
  "nan",
]);

/** The series names a PromQL expression reads: identifiers that are neither a function or
 * aggregation (followed by `(`), nor a keyword, once strings, label matchers, ranges and the
 * label lists of by/without/on/ignoring are taken out. */
function seriesIn(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g, '""')
    .replace(/\{[^}]*\}/g, " ")
    .replace(/\[[^\]]*\]/g, " ")
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, " ");
  const names = new Set<string>();
  for (const match of bare.matchAll(/[A-Za-z_:][A-Za-z0-9_:]*/g)) {
    const name = match[0];
    const before = bare[(match.index ?? 0) - 1] ?? " ";
    const after = bare.slice((match.index ?? 0) + name.length).trimStart();
    if (/[0-9.]/.test(before) || after.startsWith("(") || PROMQL_WORDS.has(name)) continue;
    names.add(name);
  }
  return [...names];
}

/** Every series name a Prometheus text answer declares (`# TYPE`), with a histogram's and a
 * summary's own series; a metric with no sample yet is declared all the same. */
function declaredSeries(text: string): Set<string> {
  const names = new Set<string>();
  for (const [, name, type] of text.matchAll(/^# TYPE (\S+) (\S+)$/gm)) {
    names.add(name as string);
    if (type === "histogram")
      for (const end of ["_bucket", "_sum", "_count"]) names.add(name + end);
    if (type === "summary") for (const end of ["_sum", "_count"]) names.add(name + end);
  }
  return names;
}

/** Names no app instance serves: Prometheus's own `up`, and what the blackbox exporter reports
 * (prometheus.yml's chtcht-https job). */
const fromElsewhere = (name: string) => name === "up" || name.startsWith("probe_");
/** Served only with a PostgreSQL pool (docs/operations.md "Metrics"). */
const POSTGRES_ONLY = new Set(["chtcht_db_pool_connections"]);

let t: TestApp;
let dir: string;
let served: Set<string>;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "chtcht-deploy-alerts-"));
  const tls = selfSignedCertificate(["localhost"]);
  writeFileSync(path.join(dir, "key.pem"), tls.key);
  writeFileSync(path.join(dir, "cert.pem"), tls.cert);
  t = await createTestApp({
    METRICS_TOKEN: TOKEN,
    SMTP_TLS_KEY_FILE: path.join(dir, "key.pem"),
    SMTP_TLS_CERT_FILE: path.join(dir, "cert.pem"),
  });
  // One answered request, so the request histogram has a sample as in production.
  await t.app.inject({ method: "GET", url: "/healthz" });
  const metrics = await t.app.inject({
    method: "GET",
    url: "/metrics",
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(metrics.statusCode).toBe(200);
  served = declaredSeries(metrics.body);
});

afterAll(async () => {
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("deploy/prometheus/alerts.yml", () => {
  const rules = (parse(deployFile("alerts.yml")) as RuleFile).groups.flatMap((g) => g.rules);

  it("alerts on outbox failures, pool waiting, event-loop lag, 5xx, SMTP, certificates and dependencies", () => {
    const read = new Set(rules.flatMap((rule) => seriesIn(rule.expr)));
    for (const name of [
      "chtcht_outbox_messages",
      "chtcht_db_pool_connections",
      "nodejs_eventloop_lag_p99_seconds",
      "chtcht_http_request_duration_seconds_count",
      "chtcht_smtp_messages_total",
      "chtcht_dependency_up",
      "chtcht_tls_certificate_not_after_seconds",
      "probe_ssl_earliest_cert_expiry",
    ]) {
      expect(read, name).toContain(name);
    }
  });

  it("reads only series that a live /metrics serves", () => {
    const missing = rules.flatMap((rule) =>
      seriesIn(rule.expr)
        .filter((name) => !fromElsewhere(name) && !served.has(name))
        .filter((name) => !(t.database.kind === "pglite" && POSTGRES_ONLY.has(name)))
        .map((name) => `${rule.alert}: ${name}`),
    );
    expect(missing).toEqual([]);
  });

  it("would fail on a renamed metric", () => {
    const renamed = seriesIn('chtcht_dependency_upp{dependency="redis"} == 0');
    expect(renamed).toEqual(["chtcht_dependency_upp"]);
    expect(served.has("chtcht_dependency_upp")).toBe(false);
  });

  it("serves the SMTP certificate's expiry that the certificate alert reads", async () => {
    const metrics = await t.app.inject({
      method: "GET",
      url: "/metrics",
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    const notAfter = Number(
      metrics.body.match(
        /^chtcht_tls_certificate_not_after_seconds\{listener="smtp"\} (\S+)$/m,
      )?.[1],
    );
    // selfSignedCertificate's certificate is valid for one day.
    expect(notAfter - Date.now() / 1000).toBeGreaterThan(23 * 3600);
    expect(notAfter - Date.now() / 1000).toBeLessThanOrEqual(24 * 3600 + 60);
  });

  it("has the blackbox exporter's job for the probe_* series it reads", () => {
    const config = parse(deployFile("prometheus.yml")) as {
      scrape_configs: { job_name: string; metrics_path?: string }[];
    };
    const probes = rules.some((rule) => seriesIn(rule.expr).some((n) => n.startsWith("probe_")));
    expect(probes).toBe(true);
    expect(config.scrape_configs.find((job) => job.metrics_path === "/probe")).toBeTruthy();
  });
});

describe("seriesIn", () => {
  it.each([
    ["up == 0", ["up"]],
    [
      'sum by (instance) (rate(a_total{x="y",z=~"1|2"}[5m])) / sum(rate(a_total[5m])) > 0.01',
      ["a_total"],
    ],
    ['max_over_time(b{state="waiting"}[5m]) > 20', ["b"]],
    ["c - time() < 14 * 86400", ["c"]],
    ["d and on (job) e unless f offset 5m", ["d", "e", "f"]],
    ["1e3 < g", ["g"]],
  ])("%s", (expr, names) => {
    expect(seriesIn(expr)).toEqual(names);
  });
});
