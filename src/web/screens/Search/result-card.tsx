// One person in the search results (spec-2 §2 result cards, §7 "select for search"): avatar, full
// name with badges, @handle, where they live, age, the distance band when searching around a city
// (never miles: docs/search.md "Distance"), and Follow / Following. The name's link covers the
// card, so the whole card opens the profile while the Follow button stays its own control above it.
import { Link } from "react-router";
import type { SearchResult } from "../../../domain/contracts/search";
import { displayName } from "../../../domain/display-name";
import { BUCKET_LABELS } from "../../../domain/distance-buckets";
import { Avatar } from "../../components/person/avatar";
import { FollowButton } from "../../components/person/follow-button";
import { PersonName } from "../../components/person/person-name";
import { ProfileBadges } from "../../components/person/profile-badges";

const muted = "text-neutral-600 dark:text-neutral-400";

/** 'Burlington, VT' when the city is known (it names the state), else the state. */
const placeOf = (person: SearchResult) => person.city ?? person.state;

export function ResultCard({ person }: { person: SearchResult }) {
  const name = displayName(person);
  const facts = [
    placeOf(person),
    person.age === null ? null : `Age\u00a0${person.age}`,
    person.distance === null ? null : BUCKET_LABELS[person.distance],
  ].filter((fact): fact is string => fact !== null);
  return (
    <li className="relative flex items-center gap-3 rounded-2xl border border-neutral-200 bg-white p-3 transition-colors hover:bg-neutral-50 has-[a:focus-visible]:outline-2 has-[a:focus-visible]:outline-offset-2 has-[a:focus-visible]:outline-sky-500 sm:p-4 dark:border-neutral-800 dark:bg-neutral-900 dark:hover:bg-neutral-800/70">
      <Avatar
        name={name}
        src={person.profileImageUrl}
        className="size-12"
        initialsClassName="text-sm"
      />
      <div className="min-w-0 flex-1">
        <p className="flex min-w-0 items-center gap-1">
          <Link
            to={`/${person.handle}`}
            className="truncate font-semibold text-neutral-900 outline-none after:absolute after:inset-0 after:rounded-2xl dark:text-neutral-100"
          >
            <PersonName person={person} />
          </Link>
          <ProfileBadges
            verificationType={person.verificationType}
            veteran={person.veteran}
            size={16}
          />
        </p>
        <p className={`truncate text-sm ${muted}`}>@{person.handle}</p>
        {facts.length > 0 ? (
          <p className={`text-sm break-words ${muted}`}>{facts.join(" · ")}</p>
        ) : null}
      </div>
      <FollowButton
        userId={person.userId}
        name={name}
        following={person.following}
        compact
        className="relative z-10"
      />
    </li>
  );
}
