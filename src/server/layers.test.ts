// The server's layers (docs/architecture.md "Layers"), read from its import statements: no import
// runs back up, the root files included. Test files and test-support are left out: a test may
// reach anywhere.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = path.dirname(fileURLToPath(import.meta.url));
const INFRASTRUCTURE = ["db", "infra", "realtime", "outbox", "http"];
/** The modules above the features: they reach the features, never the other way. */
const ABOVE = [
  "safety",
  "badges",
  "usernames",
  "payments",
  "account",
  "export",
  "notifications",
  "federation",
  "transparency",
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "test-support" ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The files at the server's root, each at its layer: the base every layer uses, the context the
 * modules are handed, or the assembly at the top that builds and starts the app. */
const ROOT_FILES: Record<string, string> = {
  errors: "infrastructure",
  config: "infrastructure",
  context: "context",
  "app-module": "context",
  app: "assembly",
  "app-metrics": "assembly",
  "app-modules": "assembly",
  "app-pages": "assembly",
  serve: "assembly",
  main: "assembly",
  "migrate-to-postgres": "assembly",
};

/** Where a server file sits: "infrastructure", "policy", "context", "module:<name>" or
 * "assembly"; "unplaced" for a root file the list above does not know. */
function placeOf(file: string): string {
  const [top, name] = path.relative(ROOT, file).split(path.sep);
  if (top === "modules" && name) return `module:${name}`;
  if (top === "policy") return "policy";
  if (top === "ports") return "context";
  if (top && INFRASTRUCTURE.includes(top)) return "infrastructure";
  return ROOT_FILES[(top ?? "").replace(/\.tsx?$/, "")] ?? "unplaced";
}

const IMPORT = /(?:\bfrom\s*|\bimport\s*\(?\s*)"(\.{1,2}\/[^"]+)"/g;

/** Every relative import of the server's own files, as [from, to] places. */
function edges(): { from: string; to: string; file: string; spec: string }[] {
  return sourceFiles(ROOT).flatMap((file) => {
    const from = placeOf(file);
    return [...readFileSync(file, "utf8").matchAll(IMPORT)].flatMap((match) => {
      const spec = match[1] as string;
      const target = path.resolve(path.dirname(file), spec);
      if (path.relative(ROOT, target).startsWith("..")) return [];
      const to = placeOf(target);
      return to !== from ? [{ from, to, file: path.relative(ROOT, file), spec }] : [];
    });
  });
}

const all = edges();
const named = (list: typeof all) => list.map((e) => `${e.file} → ${e.spec}`);
const moduleName = (place: string) => place.replace(/^module:/, "");

describe("the server's layers", () => {
  it("sees the imports it judges", () => {
    expect(all.filter((e) => e.to === "policy").length).toBeGreaterThan(10);
    expect(
      all.filter((e) => e.from === "module:usernames" && e.to === "module:payments"),
    ).not.toEqual([]);
  });

  it("gives every root file its layer", () => {
    const unplaced = sourceFiles(ROOT).filter((file) => placeOf(file) === "unplaced");
    expect(unplaced.map((file) => path.relative(ROOT, file))).toEqual([]);
  });

  it("keeps infrastructure below the policy and the modules", () => {
    expect(
      named(all.filter((e) => e.from === "infrastructure" && e.to !== "infrastructure")),
    ).toEqual([]);
  });

  it("keeps the rules below the context and every module", () => {
    expect(named(all.filter((e) => e.from === "policy" && e.to !== "infrastructure"))).toEqual([]);
  });

  it("keeps the context naming no module", () => {
    expect(
      named(
        all.filter((e) => e.from === "context" && !["infrastructure", "policy"].includes(e.to)),
      ),
    ).toEqual([]);
  });

  it("keeps the assembly at the top: nothing imports it", () => {
    expect(named(all.filter((e) => e.to === "assembly" && e.from !== "assembly"))).toEqual([]);
  });

  it("keeps features from importing the modules above them", () => {
    const upward = all.filter(
      (e) =>
        e.from.startsWith("module:") &&
        !ABOVE.includes(moduleName(e.from)) &&
        e.to.startsWith("module:") &&
        ABOVE.includes(moduleName(e.to)),
    );
    expect(named(upward)).toEqual([]);
  });

  it("has no cycle between modules", () => {
    const next = new Map<string, Set<string>>();
    for (const e of all) {
      if (!e.from.startsWith("module:") || !e.to.startsWith("module:")) continue;
      const targets = next.get(e.from) ?? new Set<string>();
      targets.add(e.to);
      next.set(e.from, targets);
    }
    const cycles: string[] = [];
    const walk = (start: string, at: string, trail: string[]) => {
      for (const to of next.get(at) ?? []) {
        if (to === start) cycles.push([...trail, to].map(moduleName).join(" → "));
        else if (!trail.includes(to)) walk(start, to, [...trail, to]);
      }
    };
    for (const start of next.keys()) walk(start, start, [start]);
    expect(cycles).toEqual([]);
  });
});
