// The top card of /{handle} (spec-1 §2): the banner when there is one, avatar, name with badges, @handle pill, counters, about,
// website, in-product mail address and the actions. A private account has 'Private' beside the
// pill (docs/social-and-realtime.md "Private accounts"). The owner without a reserved username gets
// 'Get a custom username' beside the pill (docs/usernames.md "Where to start"). A website whose
// page links back with rel="me" shows a check mark (docs/profiles-and-media.md "Verified links").
import { CircleCheck, Globe, Lock, Mail } from "lucide-react";
import { useState } from "react";
import type { FollowListKind } from "../../../domain/contracts/follows";
import type { ProfileView } from "../../../domain/contracts/profiles";
import { displayName } from "../../../domain/display-name";
import { formatCount } from "../../../domain/numbers";
import { websiteHref, websiteLabel } from "../../../domain/website";
import { GetUsernameButton } from "../../components/account/get-username-button";
import { Avatar } from "../../components/person/avatar";
import { FollowListDialog } from "../../components/person/follow-list-dialog";
import { PersonName } from "../../components/person/person-name";
import { ProfileBadges } from "../../components/person/profile-badges";
import { useSite } from "../../lib/site-config";
import { ProfileActions } from "./profile-actions";
import { ProfileBanner } from "./profile-banner";

const COUNTERS = [
  { key: "friends", label: "Friends" },
  { key: "following", label: "Following" },
  { key: "followers", label: "Followers" },
] as const;

/** spec-1 §2, §6: a counter opens its list for whoever the list's audience lets see it (the owner
 * always; docs/social-and-realtime.md "Private accounts"); for anyone else it is a number only. */
function Counters({ profile }: { profile: ProfileView }) {
  const [open, setOpen] = useState<FollowListKind | null>(null);
  return (
    <>
      <dl className="flex justify-center gap-6 sm:justify-start">
        {COUNTERS.map(({ key, label }) => {
          const value = (
            <span className="text-lg font-bold tabular-nums">
              {formatCount(profile.counts[key])}
            </span>
          );
          return (
            <div key={key} className="flex flex-col-reverse items-center sm:items-start">
              <dt className="text-xs font-medium text-neutral-500 dark:text-neutral-400">
                {label}
              </dt>
              <dd>
                {profile.lists[key] ? (
                  <button
                    type="button"
                    aria-label={`${label}: ${profile.counts[key]}`}
                    onClick={() => setOpen(key)}
                    className="rounded-md px-1 hover:bg-neutral-100 dark:hover:bg-neutral-800"
                  >
                    {value}
                  </button>
                ) : (
                  value
                )}
              </dd>
            </div>
          );
        })}
      </dl>
      {Object.values(profile.lists).some(Boolean) ? (
        <FollowListDialog
          userId={profile.userId}
          whose={profile.isOwner ? "your" : `${displayName(profile)}'s`}
          kind={open}
          onClose={() => setOpen(null)}
        />
      ) : null}
    </>
  );
}

/** Beside the handle: the account is private (docs/social-and-realtime.md "Private accounts"). */
function PrivateMark() {
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-neutral-100 px-2.5 py-1 text-sm font-medium text-neutral-700 dark:bg-neutral-800 dark:text-neutral-200">
      <Lock aria-hidden="true" size={14} />
      Private
    </span>
  );
}

const VERIFIED_LINK_LABEL = "Verified: this page links back to the profile";

function Website({ stored, verified }: { stored: string; verified: boolean }) {
  const href = websiteHref(stored);
  const label = websiteLabel(stored);
  return (
    <li className="flex min-w-0 items-center gap-2">
      <Globe aria-hidden="true" size={16} className="shrink-0 text-neutral-500" />
      <span className="sr-only">Website: </span>
      {href ? (
        <a
          href={href}
          target="_blank"
          rel="noopener noreferrer nofollow ugc"
          className="truncate font-medium text-sky-700 underline-offset-2 hover:underline dark:text-sky-400"
        >
          {label}
        </a>
      ) : (
        <span className="truncate">{label}</span>
      )}
      {verified ? (
        <span
          role="img"
          aria-label={VERIFIED_LINK_LABEL}
          title={VERIFIED_LINK_LABEL}
          className="shrink-0"
        >
          <CircleCheck
            aria-hidden="true"
            size={16}
            className="fill-emerald-600 text-white dark:fill-emerald-400 dark:text-neutral-900"
          />
        </span>
      ) : null}
    </li>
  );
}

export function ProfileHeader({ profile, isOwner }: { profile: ProfileView; isOwner: boolean }) {
  const { siteName } = useSite();
  return (
    <section
      aria-labelledby="profile-name"
      className="rounded-3xl border border-neutral-200 bg-white p-5 sm:p-8 dark:border-neutral-800 dark:bg-neutral-900"
    >
      <ProfileBanner url={profile.bannerUrl} />
      <div className="flex flex-col items-center gap-4 text-center sm:flex-row sm:items-start sm:gap-6 sm:text-left">
        <Avatar
          name={displayName(profile)}
          src={profile.profileImageUrl}
          alt={`${displayName(profile)}'s profile picture`}
          className="size-28 ring-4 ring-white sm:size-32 dark:ring-neutral-900"
          initialsClassName="text-4xl"
        />
        <div className="flex min-w-0 flex-1 flex-col items-center gap-3 sm:items-start">
          <div className="flex flex-col items-center gap-1.5 sm:items-start">
            <h1
              id="profile-name"
              className="flex flex-wrap items-center justify-center gap-x-2 text-2xl font-bold break-words sm:justify-start"
            >
              <span className="min-w-0">
                <PersonName person={profile} />
              </span>
              <ProfileBadges
                verificationType={profile.verificationType}
                veteran={profile.veteran}
                size={22}
              />
            </h1>
            <div className="flex flex-wrap items-center justify-center gap-x-2 gap-y-1 sm:justify-start">
              <p className="inline-flex max-w-full rounded-full bg-neutral-100 px-3 py-1 text-sm font-semibold break-all text-neutral-700 dark:bg-neutral-800 dark:text-neutral-200">
                @{profile.handle}
              </p>
              {profile.privateAccount ? <PrivateMark /> : null}
              {isOwner && profile.username === null ? <GetUsernameButton /> : null}
            </div>
          </div>
          <Counters profile={profile} />
        </div>
      </div>

      {profile.about ? (
        <p className="mt-5 text-base leading-7 break-words whitespace-pre-line text-neutral-800 dark:text-neutral-200">
          {profile.about}
        </p>
      ) : null}

      <ul className="mt-4 flex flex-col gap-2 text-sm text-neutral-700 sm:flex-row sm:flex-wrap sm:gap-x-6 dark:text-neutral-300">
        {profile.websiteUrl ? (
          <Website stored={profile.websiteUrl} verified={profile.websiteVerified} />
        ) : null}
        <li className="flex min-w-0 items-center gap-2">
          <Mail aria-hidden="true" size={16} className="shrink-0 text-neutral-500" />
          <span className="sr-only">{siteName} mail: </span>
          <span className="truncate">{profile.chtchtEmail}</span>
        </li>
      </ul>

      <div className="mt-6">
        <ProfileActions
          handle={profile.handle}
          userId={profile.userId}
          isOwner={isOwner}
          privateAccount={profile.privateAccount}
        />
      </div>
    </section>
  );
}
