// People to follow under an empty home feed (docs/feed.md "People to follow"): people in the
// reader's city or who posted lately, each with a Follow button. Shows nothing while it loads or
// when there is nobody to offer.

import { displayName } from "../../../domain/display-name";
import { LoadError } from "../../components/feedback/load-error";
import { FollowButton } from "../../components/person/follow-button";
import { PersonLine } from "../../components/person/person-line";
import { type PersonToFollow, usePeopleToFollowQuery } from "../../state/queries/suggestions";

const why = (person: PersonToFollow) =>
  person.reason === "city" && person.city ? `Lives in ${person.city}` : "Posted recently";

export function PeopleToFollow() {
  const people = usePeopleToFollowQuery(true);
  if (people.isError) {
    return (
      <LoadError
        message="Failed to load people to follow"
        onRetry={() => void people.refetch()}
        retrying={people.isFetching}
        className="mt-2"
      />
    );
  }
  if (!people.data || people.data.length === 0) return null;
  return (
    <section
      aria-labelledby="people-to-follow-title"
      className="rounded-2xl border border-neutral-200 bg-white p-4 text-left dark:border-neutral-800 dark:bg-neutral-900"
    >
      <h2 id="people-to-follow-title" className="font-semibold">
        People to follow
      </h2>
      <ul className="mt-3 flex flex-col gap-3">
        {people.data.map((person) => (
          <li key={person.userId}>
            <PersonLine
              person={person}
              detail={why(person)}
              action={
                <FollowButton
                  userId={person.userId}
                  name={displayName(person)}
                  following={person.following}
                  compact
                />
              }
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
