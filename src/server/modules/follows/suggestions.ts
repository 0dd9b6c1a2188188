// People to follow on an empty home feed (docs/feed.md "People to follow"), as Mastodon and
// Bluesky offer them to a new account: first people in the viewer's city, when the viewer shows
// their city to everyone, then people who posted lately. The read rules are the policy's
// (suggestion-queries.ts).
import { audiencesOf } from "../../../domain/audiences";
import type { SuggestedPerson } from "../../../domain/contracts/follows";
import type { AppContext } from "../../context";
import { personWith } from "../profiles/person";
import { cityOf, peopleInCity, recentlyActivePeople } from "./suggestion-queries";

export async function suggestPeopleToFollow(
  ctx: Pick<AppContext, "db">,
  { viewerId, limit }: { viewerId: string; limit: number },
): Promise<{ items: SuggestedPerson[] }> {
  const own = await cityOf(ctx.db, viewerId);
  const city = own?.city && audiencesOf(own.audiences).city === "everyone" ? own.city : null;
  const neighbours = city ? await peopleInCity(ctx.db, { viewerId, city, limit }) : [];
  const active =
    neighbours.length < limit
      ? await recentlyActivePeople(ctx.db, {
          viewerId,
          excluded: neighbours.map((person) => person.userId),
          limit: limit - neighbours.length,
        })
      : [];
  return {
    items: [
      ...neighbours.map((person) => personWith(person, { reason: "city" as const, city })),
      ...active.map((person) => personWith(person, { reason: "active" as const, city: null })),
    ],
  };
}
