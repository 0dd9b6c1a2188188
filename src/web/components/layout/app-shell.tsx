// The app frame (spec-1 §2 "Header and menu"): fixed black header with the product name, the
// people search, the profile-picture button and the menu; the current screen renders below it,
// under the restriction banner when there is one and the moderators' notice waiting to be read
// (docs/safety.md), or, while the server cannot be reached to learn who is signed in, the offline
// state (docs/notifications.md "Installable app"). The menu's 'Get a custom username' opens the
// Reserve Username dialog here (docs/usernames.md "Where to start").
import { CircleUserRound } from "lucide-react";
import { useState } from "react";
import { Link, Outlet, useNavigate } from "react-router";
import { displayName } from "../../../domain/display-name";
import { MAIN_ID } from "../../lib/landmarks";
import { useSite } from "../../lib/site-config";
import { useTheme } from "../../lib/theme";
import { toast } from "../../lib/toast";
import { useUnreadActivityCount } from "../../state/queries/activity";
import { useUnreadMailCount } from "../../state/queries/mail";
import { useStandingQuery } from "../../state/queries/safety";
import {
  useLogoutMutation,
  useSessionUnreachable,
  useSessionUser,
} from "../../state/queries/session";
import { useMyUsernameQuery } from "../../state/queries/usernames";
import { ReserveUsernameDialog } from "../account/reserve-username-dialog";
import { OfflineState } from "../feedback/offline-state";
import { Avatar, avatarControlLabel } from "../person/avatar";
import { RestrictedBanner, StandingNotices } from "../safety/standing-notices";
import { HeaderSearch } from "../search/header-search";
import { MainMenu } from "./main-menu";

export function AppShell() {
  const navigate = useNavigate();
  const { user, isPending } = useSessionUser();
  const offline = useSessionUnreachable();
  const signedIn = Boolean(user);
  const unread = useUnreadActivityCount(signedIn);
  const mailUnread = useUnreadMailCount(signedIn);
  const standing = useStandingQuery();
  const logout = useLogoutMutation();
  // null once the answer says there is no reserved name; undefined while unknown.
  const withoutUsername = useMyUsernameQuery().data === null;
  const [reserving, setReserving] = useState(false);
  const { theme, setTheme } = useTheme();
  const { siteName } = useSite();
  const profilePath = user ? `/${user.handle}` : "/signup";
  const userName = user ? displayName(user) : "";

  const onLogout = () => {
    logout.mutate(undefined, {
      onSettled: () => navigate("/"),
      onError: () => toast.error("Could not sign out. Please try again."),
    });
  };

  return (
    <div className="min-h-dvh">
      <a
        href={`#${MAIN_ID}`}
        className="sr-only z-[60] rounded-full bg-white px-4 py-2 text-black focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <header className="fixed inset-x-0 top-0 z-50 h-14 bg-black text-white">
        <div className="mx-auto flex h-full max-w-5xl items-center gap-2 pr-2 pl-4 sm:pr-4">
          <Link to="/" className="mr-auto rounded-md text-xl font-extrabold tracking-tight">
            {siteName}
          </Link>
          <HeaderSearch />
          <button
            type="button"
            aria-label={user ? avatarControlLabel("Your profile", userName) : "Your profile"}
            disabled={isPending || offline.unreachable}
            onClick={() => navigate(profilePath)}
            className="flex size-10 items-center justify-center rounded-full hover:bg-white/15 disabled:opacity-60"
          >
            {user ? (
              <Avatar name={userName} src={user.profileImageUrl} className="size-8" />
            ) : (
              <CircleUserRound aria-hidden="true" size={26} />
            )}
          </button>
          <MainMenu
            signedIn={signedIn}
            profilePath={profilePath}
            unreadCount={unread.data ?? 0}
            mailUnreadCount={mailUnread.data ?? 0}
            moderator={standing.data?.moderator ?? false}
            theme={theme}
            onThemeChange={setTheme}
            onLogout={onLogout}
            onGetUsername={signedIn && withoutUsername ? () => setReserving(true) : undefined}
          />
        </div>
      </header>
      <main id={MAIN_ID} tabIndex={-1} className="pt-14 outline-none">
        <RestrictedBanner />
        <StandingNotices />
        {offline.unreachable ? (
          <OfflineState onRetry={offline.retry} retrying={offline.retrying} />
        ) : (
          <Outlet />
        )}
      </main>
      <ReserveUsernameDialog open={reserving} onOpenChange={setReserving} />
    </div>
  );
}
