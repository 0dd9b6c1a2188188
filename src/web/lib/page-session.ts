// Who is signed in, as the server answered the page (domain/page-blocks.ts): put in the query
// cache before the first render, so no screen waits for GET /api/auth/session to know whether to
// show the feed or the landing page. The session is asked again as usual once it is 30 s old
// (state/queries/session.ts). A block that does not read as a session is ignored.
import type { QueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { sessionResponse } from "../../domain/contracts/auth";
import { SESSION_ELEMENT_ID } from "../../domain/page-blocks";
import { sessionKeys } from "../state/queries/session";
import { hasStrings, isObject, readJsonBlock } from "./json-block";

type Session = z.output<typeof sessionResponse>;

function readSession(doc: Document): Session | null {
  const block = readJsonBlock(SESSION_ELEMENT_ID, doc);
  if (!isObject(block) || !("user" in block)) return null;
  const { user } = block;
  if (user === null) return { user: null };
  return isObject(user) && hasStrings(user, "id", "handle") ? (block as Session) : null;
}

export function seedSession(queryClient: QueryClient, doc: Document = document): void {
  const session = readSession(doc);
  if (session) queryClient.setQueryData(sessionKeys.current(), session);
}
