// Who a thread is with (spec-1 §2 mail screen, §3 other_user): a person, shown as everywhere else
// with avatar, name, badges and @handle, or an outside e-mail address with a mail icon.
import { clsx } from "clsx";
import { Mail } from "lucide-react";
import type { ThreadView } from "../../../domain/contracts/mail";
import { displayName } from "../../../domain/display-name";
import { Avatar } from "../../components/person/avatar";

export type Party = ThreadView["other"];

/** The party's name in words: the person's name, or the outside address. */
export function partyName(party: Party): string {
  return displayName(party.kind === "external" ? party : party.person);
}

export function PartyAvatar({ party, className }: { party: Party; className: string }) {
  if (party.kind === "external") {
    return (
      <span
        className={clsx(
          "inline-flex shrink-0 items-center justify-center rounded-full bg-neutral-200 text-neutral-700 dark:bg-neutral-800 dark:text-neutral-200",
          className,
        )}
      >
        <Mail aria-hidden="true" size={20} />
      </span>
    );
  }
  return (
    <Avatar name={partyName(party)} src={party.person.profileImageUrl} className={className} />
  );
}
