// Who is signed in, and what the signed-in header shows, as the server answered the page
// (domain/page-blocks.ts): put in the query cache before the first render, so no screen waits for
// GET /api/auth/session to know whether to show the feed or the landing page, and the header does
// not ask for its standing, counts and username as it starts. Each is asked again as usual once
// stale (the unread counts also when the realtime socket is ready). A block that does not read as
// what it holds is ignored.
import type { QueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { sessionResponse } from "../../domain/contracts/auth";
import type { HeaderState } from "../../domain/contracts/header-state";
import { HEADER_STATE_ELEMENT_ID, SESSION_ELEMENT_ID } from "../../domain/page-blocks";
import { hasStrings, isObject, readJsonBlock } from "../lib/json-block";
import { activityKeys } from "./queries/activity";
import { mailKeys } from "./queries/mail";
import { safetyKeys } from "./queries/safety";
import { sessionKeys } from "./queries/session";
import { usernameKeys } from "./queries/usernames";

type Session = z.output<typeof sessionResponse>;

function readSession(doc: Document): Session | null {
  const block = readJsonBlock(SESSION_ELEMENT_ID, doc);
  if (!isObject(block) || !("user" in block)) return null;
  const { user } = block;
  if (user === null) return { user: null };
  return isObject(user) && hasStrings(user, "id", "handle") ? (block as Session) : null;
}

const isCount = (value: unknown): boolean =>
  isObject(value) && typeof value.count === "number" && value.count >= 0;

function readHeaderState(doc: Document): HeaderState | null {
  const block = readJsonBlock(HEADER_STATE_ELEMENT_ID, doc);
  if (!isObject(block)) return null;
  const { standing, unreadActivity, unreadMail, mine } = block;
  return isObject(standing) &&
    typeof standing.moderator === "boolean" &&
    Array.isArray(standing.notices) &&
    isCount(unreadActivity) &&
    isCount(unreadMail) &&
    isObject(mine) &&
    (mine.username === null || isObject(mine.username))
    ? (block as HeaderState)
    : null;
}

export function seedSession(queryClient: QueryClient, doc: Document = document): void {
  const session = readSession(doc);
  if (session) queryClient.setQueryData(sessionKeys.current(), { user: session.user });
  const header = session?.user ? readHeaderState(doc) : null;
  if (!header) return;
  queryClient.setQueryData(safetyKeys.standing(), header.standing);
  queryClient.setQueryData(activityKeys.unreadCount(), header.unreadActivity);
  queryClient.setQueryData(mailKeys.unreadCount(), header.unreadMail);
  queryClient.setQueryData(usernameKeys.mine(), header.mine);
}
