// Test data for the safety screens (docs/safety.md): a profile as the API sends it, report groups
// and audit entries, and the safety API of one viewer (relations, the Blocked and Muted lists,
// reports) for the fetch stub of posts.tsx, holding its state like the server.
import type { PersonSummary } from "../../domain/contracts/follows";
import type { ProfileView } from "../../domain/contracts/profiles";
import { type ReportGroup, reportRequest } from "../../domain/contracts/safety";
import { GRACE, json, NO_ATTRIBUTES, type Route } from "./posts";

export function profileOf(person: PersonSummary): ProfileView {
  return {
    ...person,
    bannerUrl: null,
    defaultUsername: `${person.handle}.default`,
    chtchtEmail: `${person.handle}@chtcht.local`,
    about: null,
    websiteUrl: null,
    websiteVerified: false,
    counts: { friends: 0, following: 1, followers: 2 },
    privateAccount: false,
    postsHidden: null,
    lists: { followers: false, following: false, friends: false },
    attributes: NO_ATTRIBUTES,
    pictures: [null, null, null, null, null, null, null, null, null],
    isOwner: false,
    emailAddress: null,
    privacy: null,
  };
}

export function makeReportGroup(overrides: Partial<ReportGroup> = {}): ReportGroup {
  return {
    targetType: "post",
    targetId: "00000000-0000-4000-8000-00000000a001",
    targetUser: GRACE,
    targetUserStanding: { restrictedUntil: null, suspended: false },
    content: {
      text: "Buy cheap watches at example.com",
      imageUrl: null,
      context: null,
      href: "/grace/buy-cheap-watches",
      removed: false,
    },
    reportCount: 1,
    reasons: [{ reason: "spam", count: 1 }],
    latestAt: new Date(Date.now() - 3_600_000).toISOString(),
    reports: [],
    ...overrides,
  };
}

export interface SafetyState {
  blocks: Map<string, PersonSummary>;
  mutes: Map<string, PersonSummary>;
  /** The people a relation may be set on, by id. */
  people: PersonSummary[];
}

export const safetyState = (people: PersonSummary[] = [GRACE]): SafetyState => ({
  blocks: new Map(),
  mutes: new Map(),
  people,
});

const SINCE = "2026-03-14T12:00:00.000Z";

/** The viewer's safety API over `state`; anything else is left to the next route. */
export function safetyApi(state: SafetyState): Route {
  const relation = (userId: string) => ({
    blocking: state.blocks.has(userId),
    muting: state.mutes.has(userId),
  });
  return ({ method, path, body }) => {
    const one = /^\/api\/safety\/(relations|blocks|mutes)\/([^/?]+)$/.exec(path);
    if (one?.[1] === "relations" && method === "GET") return json(relation(one[2] ?? ""));
    if (one && (one[1] === "blocks" || one[1] === "mutes")) {
      const userId = one[2] ?? "";
      const list = state[one[1]];
      const person = state.people.find((p) => p.userId === userId);
      if (method === "POST" && person) list.set(userId, person);
      if (method === "DELETE") list.delete(userId);
      return json(relation(userId));
    }
    // Settings' muted words and account standing: none (their own tests answer before this).
    if (path === "/api/safety/muted-words" && method === "GET") return json({ items: [] });
    if (path === "/api/safety/standing/actions" && method === "GET") {
      return json({ activeCount: 0, items: [] });
    }
    const list = /^\/api\/safety\/(blocks|mutes)(\?.*)?$/.exec(path);
    if (list && method === "GET") {
      const items = [...state[list[1] as "blocks" | "mutes"].values()].map((person) => ({
        person,
        since: SINCE,
      }));
      return json({ items, nextCursor: null });
    }
    if (path === "/api/reports" && method === "POST") {
      const report = reportRequest.parse(body);
      const person = state.people.find(
        (p) => p.userId === report.targetId || report.targetType !== "profile",
      );
      if (report.alsoBlock && person) state.blocks.set(person.userId, person);
      return json({ reportId: "r1", blocked: report.alsoBlock }, 201);
    }
    return undefined;
  };
}

/** Routes tried in turn: the first answer wins. */
export const routes =
  (...all: Route[]): Route =>
  async (request) => {
    for (const route of all) {
      const answer = await route(request);
      if (answer) return answer;
    }
    return undefined;
  };
