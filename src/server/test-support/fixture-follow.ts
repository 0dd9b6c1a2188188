// One of our people follows the person of a fixture server (fixture-server.ts) through the API:
// the lookup, the Follow it sends, and that server's Accept delivered back (docs/federation.md
// "Follows").
import { expect } from "vitest";
import type { TestAccount } from "./accounts";
import { type CapturedRequest, deliver, type FixtureServer } from "./fixture-server";
import { eventually } from "./interop-instance";
import { inject } from "./social";
import type { TestApp } from "./test-app";

const bodyOf = (request: CapturedRequest) => JSON.parse(request.body.toString("utf8"));

/** `who` on `t` follows `handle`, the server's person, and the server accepts; their id on `t`. */
export async function followFixturePerson(
  t: TestApp,
  { server, who, handle }: { server: FixtureServer; who: TestAccount; handle: string },
): Promise<string> {
  const found = await inject(t, who, "GET", `/api/federation/lookup?handle=@${handle}`);
  const id: string = found.json().person.id;
  await inject(t, who, "POST", `/api/federation/people/${id}/follow`);
  const me = new URL(`/ap/users/${who.userId}`, t.config.publicUrl).href;
  const sent = await eventually(() => {
    const follow = server.received.find(
      (r) => r.method === "POST" && bodyOf(r).type === "Follow" && bodyOf(r).actor === me,
    );
    expect(follow).toBeDefined();
    return bodyOf(follow as CapturedRequest);
  });
  const accept = server.activity("accept", { OUR_FOLLOW: sent.id, OUR_ACTOR: me });
  const inbox = new URL("/ap/inbox", t.config.publicUrl).href;
  await deliver(t, await server.sign(accept, inbox, "rfc9421"));
  await eventually(async () => {
    const again = await inject(t, who, "GET", `/api/federation/people/${id}`);
    expect(again.json().person.follow).toBe("following");
  });
  return id;
}
