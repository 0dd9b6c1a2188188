// What the header's menu button shows and takes, shared by the button drawn before the menu has
// loaded (main-menu.tsx) and the menu's own (main-menu-panel.tsx), so the swap shows nothing.
import { Menu as MenuIcon, X } from "lucide-react";
import type { Theme } from "../../../domain/theme";

export interface MainMenuProps {
  signedIn: boolean;
  /** Where 'Profile' goes: the own profile, or the sign-in screen when signed out. */
  profilePath: string;
  unreadCount: number;
  /** Mail threads with something unread. */
  mailUnreadCount: number;
  /** Shows 'Moderation' (the report queue). */
  moderator: boolean;
  theme: Theme;
  onThemeChange: (theme: Theme) => void;
  onLogout: () => void;
  /** Opens the Reserve Username dialog; given only to a person without a reserved username. */
  onGetUsername?: () => void;
}

/** The icon, and a red dot while something is unread and the menu is closed. */
export function MenuFace({ open, unread }: { open: boolean; unread: boolean }) {
  return (
    <>
      {open ? <X aria-hidden="true" size={22} /> : <MenuIcon aria-hidden="true" size={22} />}
      {unread && !open ? (
        <span
          aria-hidden="true"
          className="absolute top-1.5 right-1.5 size-2.5 rounded-full bg-red-500 ring-2 ring-black"
        />
      ) : null}
    </>
  );
}
