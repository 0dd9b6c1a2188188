// 'Get a custom username': the visible way into the Reserve Username dialog (docs/usernames.md
// "Where to start") for a person who has no reserved username yet. The caller decides who sees
// it: only the owner, and only without a name.
import { AtSign } from "lucide-react";
import { useState } from "react";
import { Button } from "../controls/button";
import { ReserveUsernameDialog } from "./reserve-username-dialog";

export const GET_USERNAME_LABEL = "Get a custom username";

export function GetUsernameButton({ className }: { className?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="ghost"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        className={className}
      >
        <AtSign aria-hidden="true" size={16} />
        {GET_USERNAME_LABEL}
      </Button>
      <ReserveUsernameDialog open={open} onOpenChange={setOpen} />
    </>
  );
}
