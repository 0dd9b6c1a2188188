// The read-only Username field of the edit form (spec-2 §2): shows the current handle and opens
// the Reserve Username dialog on click, Enter or Space; without a reserved username, a 'Get a
// custom username' button opens it too (docs/usernames.md "Where to start").
import { AtSign } from "lucide-react";
import { useId, useState } from "react";
import type { ProfileView } from "../../../domain/contracts/profiles";
import { GetUsernameButton } from "../../components/account/get-username-button";
import { ReserveUsernameDialog } from "../../components/account/reserve-username-dialog";
import { inputClass } from "../../components/form/text-field";

export function UsernameField({ profile }: { profile: ProfileView }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const shown = `@${profile.username ?? profile.defaultUsername}`;
  return (
    <div className="space-y-1.5">
      <label
        htmlFor={id}
        className="block text-sm font-medium text-neutral-700 dark:text-neutral-300"
      >
        Username
      </label>
      <div className="relative">
        <input
          id={id}
          type="text"
          readOnly
          value={shown}
          aria-haspopup="dialog"
          aria-describedby={`${id}-hint`}
          onClick={() => setOpen(true)}
          onKeyDown={(event) => {
            if (event.key === "Enter" || event.key === " ") {
              event.preventDefault();
              setOpen(true);
            }
          }}
          className={`${inputClass} cursor-pointer pr-11`}
        />
        <AtSign
          aria-hidden="true"
          size={18}
          className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 text-neutral-500"
        />
      </div>
      <p id={`${id}-hint`} className="text-xs text-neutral-500 dark:text-neutral-400">
        {profile.username
          ? "Your reserved username; its renewal is under Your username below."
          : "Click or press Enter to reserve a custom username."}
      </p>
      {profile.username ? null : <GetUsernameButton className="-ml-2" />}
      <ReserveUsernameDialog open={open} onOpenChange={setOpen} />
    </div>
  );
}
