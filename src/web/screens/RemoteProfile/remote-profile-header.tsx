// The top card of a person on another server (docs/federation.md "In the web app"), in the local
// profile's layout (screens/Profile/profile-header.tsx): their picture (our stored copy, once
// fetched: docs/federation.md "Images from elsewhere"; their initials until then), name,
// @name@server, whether they approve each follower, their bio, a link to their page on their
// server, Follow, and Profile options (Report: docs/federation.md "Reports").
import { ExternalLink, Lock } from "lucide-react";
import type { RemotePersonView } from "../../../domain/contracts/federation";
import { displayName } from "../../../domain/display-name";
import { websiteHref } from "../../../domain/website";
import { Avatar } from "../../components/person/avatar";
import { PersonName } from "../../components/person/person-name";
import { RemoteFollowButton } from "./remote-follow-button";
import { RemoteProfileOptions } from "./remote-profile-options";

/** The person as our name rule reads them (domain/display-name.ts). */
export const namedPerson = (person: RemotePersonView) => ({
  fullName: person.name,
  handle: `@${person.handle}`,
});

export function RemoteProfileHeader({ person }: { person: RemotePersonView }) {
  const named = namedPerson(person);
  const theirPage = websiteHref(person.url);
  const at = person.handle.lastIndexOf("@");
  const [name, server] = [person.handle.slice(0, at), person.handle.slice(at + 1)];
  return (
    <section
      aria-labelledby="profile-name"
      className="rounded-3xl border border-neutral-200 bg-white p-5 sm:p-8 dark:border-neutral-800 dark:bg-neutral-900"
    >
      <div className="flex flex-col items-center gap-4 text-center sm:flex-row sm:items-start sm:gap-6 sm:text-left">
        <Avatar
          name={displayName(named)}
          src={person.iconUrl}
          className="size-28 ring-4 ring-white sm:size-32 dark:ring-neutral-900"
          initialsClassName="text-4xl"
        />
        <div className="flex min-w-0 max-w-full flex-1 flex-col items-center gap-3 sm:items-start">
          <h1
            id="profile-name"
            className="max-w-full text-2xl font-bold break-words [overflow-wrap:anywhere]"
          >
            <PersonName person={named} />
          </h1>
          <div className="flex max-w-full flex-wrap items-center justify-center gap-x-2 gap-y-1 sm:justify-start">
            {/* A long handle wraps before its server rather than inside a word. */}
            <p className="max-w-full rounded-full bg-neutral-100 px-3 py-1 text-sm font-semibold [overflow-wrap:anywhere] text-neutral-700 dark:bg-neutral-800 dark:text-neutral-200">
              @{name}
              <wbr />@{server}
            </p>
            {person.approvesFollowers ? (
              <span className="inline-flex items-center gap-1 rounded-full bg-neutral-100 px-2.5 py-1 text-sm font-medium text-neutral-700 dark:bg-neutral-800 dark:text-neutral-200">
                <Lock aria-hidden="true" size={14} />
                Approves followers
              </span>
            ) : null}
          </div>
        </div>
      </div>

      {person.summary ? (
        <p className="mt-5 text-base leading-7 break-words whitespace-pre-line text-neutral-800 dark:text-neutral-200">
          {person.summary}
        </p>
      ) : null}

      <div className="mt-6 flex flex-wrap items-center justify-center gap-3 sm:justify-start">
        <RemoteFollowButton person={person} />
        {theirPage ? (
          <a
            href={theirPage}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex min-h-10 items-center gap-1.5 rounded-full px-3 text-sm font-semibold text-sky-700 underline-offset-2 hover:underline dark:text-sky-400"
          >
            View on their server
            <span className="sr-only"> (opens in a new tab)</span>
            <ExternalLink aria-hidden="true" size={16} />
          </a>
        ) : null}
        <RemoteProfileOptions person={person} />
      </div>
    </section>
  );
}
