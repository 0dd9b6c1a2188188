// The header's slide-out menu (spec-1 §2): Profile, Mail, Activity (unread badge), Search, About,
// Policies, the theme switch and Logout. Follows the WAI-ARIA menu button pattern: arrow keys
// move between items, Escape/Tab and a click outside close it, focus returns to the button.
import { clsx } from "clsx";
import { Menu as MenuIcon, Monitor, Moon, Sun, X } from "lucide-react";
import {
  type KeyboardEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
} from "react";
import { Link, useLocation } from "react-router";
import { badgeCount } from "../../domain/activity-buckets";
import type { Theme } from "../../domain/theme";

interface MainMenuProps {
  signedIn: boolean;
  /** Where 'Profile' goes: the own profile, or the sign-in screen when signed out. */
  profilePath: string;
  unreadCount: number;
  theme: Theme;
  onThemeChange: (theme: Theme) => void;
  onLogout: () => void;
}

const ITEM_SELECTOR = '[role="menuitem"], [role="menuitemradio"]';
const itemClass =
  "flex min-h-11 w-full items-center gap-3 rounded-xl px-3 text-left text-base font-medium text-neutral-800 hover:bg-neutral-100 focus-visible:bg-neutral-100 dark:text-neutral-100 dark:hover:bg-neutral-800 dark:focus-visible:bg-neutral-800";

const THEME_OPTIONS: { value: Theme; label: string; icon: ReactNode }[] = [
  { value: "dark", label: "Dark", icon: <Moon aria-hidden="true" size={18} /> },
  { value: "light", label: "Light", icon: <Sun aria-hidden="true" size={18} /> },
  { value: "system", label: "System", icon: <Monitor aria-hidden="true" size={18} /> },
];

export function MainMenu(props: MainMenuProps) {
  const { signedIn, profilePath, unreadCount, theme, onThemeChange, onLogout } = props;
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const location = useLocation();

  const items = () => Array.from(panel.current?.querySelectorAll<HTMLElement>(ITEM_SELECTOR) ?? []);

  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) trigger.current?.focus();
  }, []);

  // Focus the first item on open.
  useEffect(() => {
    if (open) panel.current?.querySelector<HTMLElement>(ITEM_SELECTOR)?.focus();
  }, [open]);

  // Navigating anywhere (including Back) closes the menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on location change only
  useEffect(() => setOpen(false), [location.key]);

  // A click outside closes; focus goes back to the button unless the click focused something.
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (panel.current?.contains(target) || trigger.current?.contains(target)) return;
      close(false);
      window.setTimeout(() => {
        const active = document.activeElement;
        if (!active || active === document.body) trigger.current?.focus();
      }, 0);
    };
    document.addEventListener("pointerdown", onPointerDown, true);
    return () => document.removeEventListener("pointerdown", onPointerDown, true);
  }, [open, close]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const list = items();
    const index = list.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => {
      event.preventDefault();
      list[(to + list.length) % list.length]?.focus();
    };
    switch (event.key) {
      case "ArrowDown":
        return move(index + 1);
      case "ArrowUp":
        return move(index < 0 ? -1 : index - 1);
      case "Home":
        return move(0);
      case "End":
        return move(-1);
      case "Escape":
      case "Tab":
        event.preventDefault();
        return close(true);
      case " ":
        // Space activates menu items, links included.
        if (index >= 0) {
          event.preventDefault();
          list[index]?.click();
        }
    }
  };

  const linkItem = (to: string, label: string, extra?: ReactNode) => (
    <Link to={to} role="menuitem" tabIndex={-1} className={itemClass} onClick={() => close(true)}>
      <span className="flex-1">{label}</span>
      {extra}
    </Link>
  );

  return (
    <>
      <button
        ref={trigger}
        type="button"
        aria-label="Menu"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => (open ? close(true) : setOpen(true))}
        className="relative flex size-10 items-center justify-center rounded-full text-white hover:bg-white/15"
      >
        {open ? <X aria-hidden="true" size={22} /> : <MenuIcon aria-hidden="true" size={22} />}
        {signedIn && unreadCount > 0 && !open ? (
          <span
            aria-hidden="true"
            className="absolute top-1.5 right-1.5 size-2.5 rounded-full bg-red-500 ring-2 ring-black"
          />
        ) : null}
      </button>
      {open ? (
        <>
          <div
            aria-hidden="true"
            className="fixed inset-x-0 top-14 bottom-0 z-40 bg-black/40 motion-safe:animate-fade-in"
          />
          <div
            ref={panel}
            id={panelId}
            role="menu"
            aria-label="Main menu"
            tabIndex={-1}
            onKeyDown={onKeyDown}
            className="fixed top-14 right-0 bottom-0 z-40 flex w-full flex-col gap-1 overflow-y-auto border-l border-neutral-200 bg-white p-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] shadow-2xl sm:w-80 motion-safe:animate-slide-in-right dark:border-neutral-800 dark:bg-neutral-900"
          >
            {linkItem(profilePath, "Profile")}
            {linkItem("/mail", "Mail")}
            {linkItem(
              "/activity",
              "Activity",
              signedIn && unreadCount > 0 ? (
                <span className="min-w-6 rounded-full bg-red-600 px-1.5 py-0.5 text-center text-xs font-bold text-white">
                  {badgeCount(unreadCount)}
                  <span className="sr-only"> unread</span>
                </span>
              ) : null,
            )}
            {linkItem("/search", "Search")}
            {linkItem("/about", "About")}
            {linkItem("/policies", "Policies")}
            <hr className="my-2 border-neutral-200 dark:border-neutral-800" />
            <fieldset className="m-0 min-w-0 border-0 p-0 px-1">
              <legend className="px-2 pb-1 text-xs font-semibold tracking-wide text-neutral-500 uppercase dark:text-neutral-400">
                Theme
              </legend>
              <div className="grid grid-cols-3 gap-1 rounded-xl bg-neutral-100 p-1 dark:bg-neutral-800">
                {THEME_OPTIONS.map((option) => (
                  <button
                    key={option.value}
                    type="button"
                    role="menuitemradio"
                    aria-checked={theme === option.value}
                    tabIndex={-1}
                    onClick={() => onThemeChange(option.value)}
                    className={clsx(
                      "flex min-h-10 items-center justify-center gap-1.5 rounded-lg text-sm font-medium",
                      theme === option.value
                        ? "bg-white text-neutral-900 shadow-sm dark:bg-neutral-950 dark:text-white"
                        : "text-neutral-600 hover:text-neutral-900 dark:text-neutral-300 dark:hover:text-white",
                    )}
                  >
                    {option.icon}
                    {option.label}
                  </button>
                ))}
              </div>
            </fieldset>
            <hr className="my-2 border-neutral-200 dark:border-neutral-800" />
            {signedIn ? (
              <button
                type="button"
                role="menuitem"
                tabIndex={-1}
                className={itemClass}
                onClick={() => {
                  close(true);
                  onLogout();
                }}
              >
                Logout
              </button>
            ) : (
              linkItem("/signup", "Sign in")
            )}
          </div>
        </>
      ) : null}
    </>
  );
}
