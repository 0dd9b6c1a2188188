// One person in a list (STYLE.md "One presenter per thing shown"): avatar, name with badges
// linking to the profile, @handle, an optional line under it and an optional action on the right.
import { clsx } from "clsx";
import type { ReactNode } from "react";
import { Link } from "react-router";
import type { PersonSummary } from "../../../domain/contracts/follows";
import { displayName } from "../../../domain/display-name";
import { Avatar } from "./avatar";
import { PersonName } from "./person-name";
import { ProfileBadges } from "./profile-badges";

interface PersonLineProps {
  person: PersonSummary;
  /** Where the name and avatar lead; the person's profile here by default. */
  path?: string;
  /** A line under the handle, e.g. 'Blocked since …'. */
  detail?: ReactNode;
  /** A button on the right, e.g. Unblock. */
  action?: ReactNode;
  small?: boolean;
  className?: string;
}

export function PersonLine({
  person,
  path = `/${person.handle}`,
  detail,
  action,
  small = false,
  className,
}: PersonLineProps) {
  const name = displayName(person);
  return (
    <div className={clsx("flex min-w-0 items-center gap-3", className)}>
      <Link to={path} tabIndex={-1} aria-hidden="true" className="shrink-0">
        <Avatar name={name} src={person.profileImageUrl} className={small ? "size-8" : "size-10"} />
      </Link>
      <div className="min-w-0 flex-1">
        <span className="flex min-w-0 items-center gap-1">
          <Link
            to={path}
            className="truncate font-semibold text-neutral-900 hover:underline dark:text-neutral-100"
          >
            <PersonName person={person} />
          </Link>
          <ProfileBadges
            verificationType={person.verificationType}
            veteran={person.veteran}
            size={small ? 14 : 16}
          />
        </span>
        <span className="block truncate text-sm text-neutral-500 dark:text-neutral-400">
          @{person.handle}
        </span>
        {detail ? (
          <span className="block text-xs text-neutral-500 dark:text-neutral-400">{detail}</span>
        ) : null}
      </div>
      {action}
    </div>
  );
}
