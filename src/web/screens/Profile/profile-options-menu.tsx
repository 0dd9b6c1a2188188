// The 'Profile options' menu on someone else's profile (docs/safety.md): Block or Unblock, Mute
// or Unmute, and Report @handle, drawn from the first use of its button on (`OptionsMenuOnUse`:
// used-profile-options.tsx).
import { menuOwner, OptionsMenuOnUse } from "../../components/menu/options-menu";
import type { ProfileOptionsProps } from "./used-profile-options";

const LOOK = { label: "Profile options", size: "md" } as const;

const owner = menuOwner<ProfileOptionsProps>(() => import("./used-profile-options"));

export function ProfileOptions(props: ProfileOptionsProps) {
  return <OptionsMenuOnUse {...LOOK} owner={owner} props={props} />;
}
