// The header's slide-out menu (spec-1 §2), loaded after the first paint (main-menu.tsx): Profile (and under it, for a person without a reserved
// username, 'Get a custom username': docs/usernames.md "Where to start"), Mail and Activity (each with its unread badge),
// Bookmarks (signed in: docs/feed.md "Bookmarks"), Search, Settings, Moderation for moderators (docs/safety.md), About, Policies, the theme switch
// and Logout. On Radix's DropdownMenu, like the post menu: the WAI-ARIA
// menu button pattern, arrow keys (wrapping), Home/End, Escape, Tab and a click outside close it,
// and focus returns to the button.
import { clsx } from "clsx";
import { Monitor, Moon, Sun } from "lucide-react";
import { DropdownMenu } from "radix-ui";
import { type ReactNode, useCallback, useEffect, useId, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { badgeCount } from "../../../domain/activity-buckets";
import { parseTheme, type Theme } from "../../../domain/theme";
import { GET_USERNAME_LABEL } from "../account/get-username-button";
import { IconButton } from "../controls/icon-button";
import { type MainMenuProps, MenuFace } from "./main-menu-face";

const itemClass =
  "flex min-h-11 w-full cursor-pointer items-center gap-3 rounded-xl px-3 text-left text-base font-medium text-neutral-800 outline-none select-none data-[highlighted]:bg-neutral-100 dark:text-neutral-100 dark:data-[highlighted]:bg-neutral-800";

const THEME_OPTIONS: { value: Theme; label: string; icon: ReactNode }[] = [
  { value: "dark", label: "Dark", icon: <Moon aria-hidden="true" size={18} /> },
  { value: "light", label: "Light", icon: <Sun aria-hidden="true" size={18} /> },
  { value: "system", label: "System", icon: <Monitor aria-hidden="true" size={18} /> },
];

/** A red count capped at 99+, read out as 'n unread'. */
function UnreadBadge({ count }: { count: number }) {
  return (
    <span className="min-w-6 rounded-full bg-red-600 px-1.5 py-0.5 text-center text-xs font-bold text-white">
      {badgeCount(count)}
      <span className="sr-only"> unread</span>
    </span>
  );
}

/** A menu item that navigates; Enter, Space or a click follow the link and close the menu. */
function LinkItem({ to, children }: { to: string; children: ReactNode }) {
  return (
    <DropdownMenu.Item asChild className={itemClass}>
      <Link to={to}>{children}</Link>
    </DropdownMenu.Item>
  );
}

/** Drawn as its stand-in button is first used (lib/stand-in-menu.ts): it starts open. */
export default function MainMenuPanel(props: MainMenuProps) {
  const { signedIn, profilePath, unreadCount, mailUnreadCount, moderator } = props;
  const { theme, onThemeChange, onLogout, onGetUsername } = props;
  const [open, setOpen] = useState(true);
  const trigger = useRef<HTMLButtonElement>(null);
  // The panel hangs from the window's right edge, not from the button in the centred header
  // column: shifted right by the gap between the button and that edge, measured as it opens.
  const [edgeOffset, setEdgeOffset] = useState(0);
  const measureEdge = useCallback(() => {
    const right = trigger.current?.getBoundingClientRect().right;
    if (right !== undefined)
      setEdgeOffset(Math.min(0, right - document.documentElement.clientWidth));
  }, []);
  const openMenu = (next: boolean) => {
    if (next) measureEdge();
    setOpen(next);
  };
  // Opened by the stand-in's use: measured as it takes the stand-in's place.
  useEffect(measureEdge, [measureEdge]);
  const refocus = useRef<number | undefined>(undefined);
  // A focus deferred by a close never outlives the menu.
  useEffect(() => () => window.clearTimeout(refocus.current), []);
  // The first item has the focus however the menu was opened (Radix does so for keys only).
  // Focused as the menu mounts, so Radix, finding the focus inside, leaves it there.
  const focusFirstItem = useCallback((menu: HTMLDivElement | null) => {
    menu?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
  }, []);
  const themeLabelId = useId();
  const location = useLocation();
  const unread = signedIn && unreadCount > 0;
  const mailUnread = signedIn && mailUnreadCount > 0;

  // Navigating anywhere (including Back) closes the menu; not the place it opened at.
  const openedAt = useRef(location.key);
  useEffect(() => {
    if (location.key !== openedAt.current) setOpen(false);
    openedAt.current = location.key;
  }, [location.key]);

  return (
    <DropdownMenu.Root open={open} onOpenChange={openMenu} modal={false}>
      <DropdownMenu.Trigger asChild>
        <IconButton ref={trigger} label="Menu" tone="inverse">
          <MenuFace open={open} unread={unread || mailUnread} />
        </IconButton>
      </DropdownMenu.Trigger>
      {open ? (
        <div
          aria-hidden="true"
          className="fixed inset-x-0 top-14 bottom-0 z-40 bg-black/40 motion-safe:animate-fade-in"
        />
      ) : null}
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          ref={focusFirstItem}
          // Named as a whole, not after its button ('Menu'), which Radix would do.
          aria-labelledby={undefined}
          aria-label="Main menu"
          side="bottom"
          align="end"
          alignOffset={edgeOffset}
          // Not held to overlap its button, which the shift above would undo on wide windows.
          sticky="always"
          // From the header's bottom edge (the 40 px button sits 8 px above it) to the screen's;
          // above the dimmed backdrop, which lives in the header's z-50 layer.
          sideOffset={8}
          collisionPadding={0}
          loop
          // A click outside that focused nothing leaves the focus on the button, not on the page.
          onCloseAutoFocus={() => {
            window.clearTimeout(refocus.current);
            refocus.current = window.setTimeout(() => {
              const active = document.activeElement;
              if (!active || active === document.body) trigger.current?.focus();
            }, 0);
          }}
          onKeyDown={(event) => {
            if (event.key === "Tab") setOpen(false);
          }}
          className="z-[55] flex h-[var(--radix-dropdown-menu-content-available-height)] w-screen flex-col gap-1 overflow-y-auto border-l border-neutral-200 bg-white p-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] shadow-2xl sm:w-80 motion-safe:animate-slide-in-right dark:border-neutral-800 dark:bg-neutral-900"
        >
          <LinkItem to={profilePath}>Profile</LinkItem>
          {signedIn && onGetUsername ? (
            <DropdownMenu.Item
              className={clsx(itemClass, "text-sky-700 dark:text-sky-400")}
              onSelect={onGetUsername}
            >
              {GET_USERNAME_LABEL}
            </DropdownMenu.Item>
          ) : null}
          <LinkItem to="/mail">
            <span className="flex-1">Mail</span>
            {mailUnread ? <UnreadBadge count={mailUnreadCount} /> : null}
          </LinkItem>
          <LinkItem to="/activity">
            <span className="flex-1">Activity</span>
            {unread ? <UnreadBadge count={unreadCount} /> : null}
          </LinkItem>
          {signedIn ? <LinkItem to="/bookmarks">Bookmarks</LinkItem> : null}
          <LinkItem to="/search">Search</LinkItem>
          {signedIn ? <LinkItem to="/settings">Settings</LinkItem> : null}
          {signedIn && moderator ? <LinkItem to="/admin/reports">Moderation</LinkItem> : null}
          <LinkItem to="/about">About</LinkItem>
          <LinkItem to="/policies">Policies</LinkItem>
          <LinkItem to="/transparency">Transparency</LinkItem>
          <DropdownMenu.Separator className="my-2 h-px bg-neutral-200 dark:bg-neutral-800" />
          <div className="px-1">
            <DropdownMenu.Label
              id={themeLabelId}
              className="px-2 pb-1 text-xs font-semibold tracking-wide text-neutral-500 uppercase dark:text-neutral-400"
            >
              Theme
            </DropdownMenu.Label>
            <DropdownMenu.RadioGroup
              aria-labelledby={themeLabelId}
              value={theme}
              onValueChange={(value) => onThemeChange(parseTheme(value))}
              className="grid grid-cols-3 gap-1 rounded-xl bg-neutral-100 p-1 dark:bg-neutral-800"
            >
              {THEME_OPTIONS.map((option) => (
                <DropdownMenu.RadioItem
                  key={option.value}
                  value={option.value}
                  // Trying themes keeps the menu open.
                  onSelect={(event) => event.preventDefault()}
                  className={clsx(
                    "flex min-h-10 cursor-pointer items-center justify-center gap-1.5 rounded-lg text-sm font-medium outline-none select-none data-[highlighted]:ring-2 data-[highlighted]:ring-sky-500",
                    theme === option.value
                      ? "bg-white text-neutral-900 shadow-sm dark:bg-neutral-950 dark:text-white"
                      : "text-neutral-600 hover:text-neutral-900 dark:text-neutral-300 dark:hover:text-white",
                  )}
                >
                  {option.icon}
                  {option.label}
                </DropdownMenu.RadioItem>
              ))}
            </DropdownMenu.RadioGroup>
          </div>
          <DropdownMenu.Separator className="my-2 h-px bg-neutral-200 dark:bg-neutral-800" />
          {signedIn ? (
            <DropdownMenu.Item className={itemClass} onSelect={onLogout}>
              Logout
            </DropdownMenu.Item>
          ) : (
            <LinkItem to="/signup">Sign in</LinkItem>
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
