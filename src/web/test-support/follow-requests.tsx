// The Activity screen of a private account's owner on a server that answers follow requests, from
// here and from other servers, as docs/social-and-realtime.md "Private accounts" and
// docs/federation.md "Follows" say, unless told to refuse.
import { expect } from "vitest";
import type { ActivityGroup } from "../../domain/contracts/activity";
import type { RemoteFollowRequestView } from "../../domain/contracts/federation";
import type { FollowRequestView } from "../../domain/contracts/follow-requests";
import type { PersonSummary } from "../../domain/contracts/follows";
import { ActivityScreen } from "../screens/Activity/activity-screen";
import { ADA, apiError, json, renderWithRoutes, stubFetch } from "./posts";

const requestGroup = (unread: boolean, actors: PersonSummary[]): ActivityGroup => ({
  groupType: "FOLLOW_REQUEST",
  postId: null,
  noteId: null,
  actorCount: actors.length,
  unread,
  postSnippet: null,
  commentSnippet: null,
  actorsRecent: actors.map((a) => ({ ...a, elsewhere: false })),
  target: null,
  postDeleted: false,
  lastEventAt: new Date().toISOString(),
  reportOutcome: null,
});

const REMOTE_ANSWER = /^\/api\/federation\/follow-requests\/([^/]+)(\/approve)?$/;

export function renderActivity(options: {
  waiting: FollowRequestView[];
  waitingElsewhere?: RemoteFollowRequestView[];
  refuse?: boolean;
  unread?: boolean;
  failList?: boolean;
  failListElsewhere?: boolean;
}) {
  const server = {
    waiting: [...options.waiting],
    waitingElsewhere: [...(options.waitingElsewhere ?? [])],
    followers: [] as string[],
    unread: options.unread ?? false,
  };
  const counts = () => ({ friends: 0, following: 0, followers: server.followers.length });
  const calls = stubFetch(({ method, path, body }) => {
    if (path === "/api/activity") {
      // Only the requests from here have an Activity item.
      const groups = server.waiting.length ? [requestGroup(server.unread, server.waiting)] : [];
      return json({ groups });
    }
    if (path === "/api/activity/unread-count") return json({ count: server.unread ? 1 : 0 });
    if (method === "POST" && path === "/api/activity/read") {
      expect(body).toEqual({ groupType: "FOLLOW_REQUEST", postId: null });
      server.unread = false;
      return json({ ok: true });
    }
    if (method === "GET" && path.startsWith("/api/follow-requests")) {
      if (options.failList) return apiError(500, "");
      return json({ items: server.waiting, nextCursor: null });
    }
    const answer = /^\/api\/follow-requests\/([^/]+)\/(approve|decline)$/.exec(path);
    if (method === "POST" && answer) {
      if (options.refuse) return apiError(503, "The database is resting.");
      server.waiting = server.waiting.filter((p) => p.userId !== answer[1]);
      if (answer[2] === "decline") return new Response(null, { status: 204 });
      server.followers.push(answer[1] ?? "");
      return json({ counts: counts() });
    }
    if (method === "GET" && path === "/api/federation/follow-requests") {
      if (options.failListElsewhere) return apiError(500, "");
      return json({ items: server.waitingElsewhere });
    }
    const remote = REMOTE_ANSWER.exec(path);
    const approve = method === "POST" && remote?.[2] === "/approve";
    if (remote && (approve || (method === "DELETE" && !remote[2]))) {
      const id = decodeURIComponent(remote[1] ?? "");
      if (options.refuse || !server.waitingElsewhere.some((r) => r.id === id)) {
        return json({ error: { code: "not_found", message: "That request is gone." } }, 404);
      }
      server.waitingElsewhere = server.waitingElsewhere.filter((r) => r.id !== id);
      if (!approve) return json({ ok: true });
      server.followers.push(id);
      return json({ counts: counts() });
    }
    return undefined;
  });
  const rendered = renderWithRoutes([{ path: "/activity", element: <ActivityScreen /> }], {
    url: "/activity",
    viewer: ADA,
  });
  return { ...rendered, calls, server };
}
