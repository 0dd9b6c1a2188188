// The header's people search (spec-1 §2 "Header search box", §7, §9): a combobox
// (lib/use-combobox.ts) whose results panel ('Search Results', Close) lists people with their
// badges and a Follow button. Arrow keys move through the results, Enter opens the profile, Escape
// closes (a second Escape clears), and a click outside closes. Below 640 px the box hides behind a
// search icon and opens over the header. Search is public; Follow sends signed-out visitors to
// sign up. An option may hold no button (ARIA: its children are presentational), so the Follow
// buttons stand in a column beside the listbox, one per row, not inside it.
import { clsx } from "clsx";
import { ArrowLeft, Search as SearchIcon, X } from "lucide-react";
import { type FocusEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { displayName } from "../../../domain/display-name";
import { useCombobox } from "../../lib/use-combobox";
import { type PersonResult, usePeopleSearch } from "../../state/queries/search";
import { useSessionUser } from "../../state/queries/session";
import { IconButton } from "../controls/icon-button";
import { Avatar } from "../person/avatar";
import { FollowButton } from "../person/follow-button";
import { PersonName } from "../person/person-name";
import { ProfileBadges } from "../person/profile-badges";

export const SEARCH_PLACEHOLDER = "Search users...";
export const noUsersFound = (query: string) => `No users found matching "${query}"`;

export function HeaderSearch() {
  const navigate = useNavigate();
  const location = useLocation();
  const { user } = useSessionUser();
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const phoneToggle = useRef<HTMLButtonElement>(null);
  const [text, setText] = useState("");
  const [open, setOpen] = useState(false);
  /** Phones only: the box is shown over the header. */
  const [expanded, setExpanded] = useState(false);
  const search = usePeopleSearch(text);
  const { items } = search;
  const visible = open && text.trim() !== "";
  const titleId = `${id}-title`;
  const combobox = useCombobox({
    items,
    expanded: visible,
    canOpen: text.trim() !== "",
    onOpen: () => setOpen(true),
    onClose: () => close(true),
    onPick: openProfile,
    onEscapeClosed: () => {
      if (text !== "") setText("");
      else if (expanded) collapse();
    },
    // A new answer starts without a highlighted row.
    resetKey: search.query,
  });

  // Navigating anywhere (Back included) closes the panel.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on location change only
  useEffect(() => {
    setOpen(false);
    setExpanded(false);
  }, [location.key]);

  useEffect(() => {
    if (expanded) input.current?.focus();
  }, [expanded]);

  // A click outside closes the panel (and, on phones, the box over the header).
  useEffect(() => {
    if (!open && !expanded) return;
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (root.current?.contains(target) || phoneToggle.current?.contains(target)) return;
      setOpen(false);
      setExpanded(false);
    };
    document.addEventListener("pointerdown", onPointerDown, true);
    return () => document.removeEventListener("pointerdown", onPointerDown, true);
  }, [open, expanded]);

  function close(focusInput: boolean) {
    setOpen(false);
    if (focusInput) input.current?.focus();
  }

  function collapse() {
    setOpen(false);
    setExpanded(false);
    phoneToggle.current?.focus();
  }

  function openProfile(person: PersonResult) {
    setText("");
    setOpen(false);
    setExpanded(false);
    input.current?.blur();
    void navigate(`/${person.handle}`);
  }

  // Escape from anywhere in the panel (the Close or a Follow button) goes back to the box.
  function onRootKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === "Escape" && visible) {
      event.preventDefault();
      close(true);
    }
  }

  // Tabbing out of the box and its panel closes the panel, as a click outside does.
  function onRootBlur(event: FocusEvent<HTMLDivElement>) {
    const next = event.relatedTarget as Node | null;
    if (next && !root.current?.contains(next) && !phoneToggle.current?.contains(next)) {
      setOpen(false);
      setExpanded(false);
    }
  }

  const status =
    items.length > 0
      ? `${items.length} ${items.length === 1 ? "result" : "results"}`
      : search.searching
        ? "Searching…"
        : noUsersFound(search.query);

  return (
    <>
      <IconButton
        ref={phoneToggle}
        label="Search"
        tone="inverse"
        aria-expanded={expanded}
        onClick={() => (expanded ? collapse() : setExpanded(true))}
        className={clsx("sm:hidden", expanded && "invisible")}
      >
        <SearchIcon aria-hidden="true" size={22} />
      </IconButton>
      {/* biome-ignore lint/a11y/useSemanticElements: <search> is unknown to Safari before 17 and to jsdom */}
      <div
        ref={root}
        role="search"
        onKeyDown={onRootKeyDown}
        onBlur={onRootBlur}
        className={clsx(
          expanded ? "absolute inset-0 z-10 flex items-center gap-1 bg-black px-2" : "hidden",
          "sm:relative sm:inset-auto sm:z-auto sm:flex sm:bg-transparent sm:px-0",
        )}
      >
        <IconButton label="Close search" tone="inverse" onClick={collapse} className="sm:hidden">
          <ArrowLeft aria-hidden="true" size={22} />
        </IconButton>
        <div className="relative min-w-0 flex-1 sm:w-56 sm:flex-none md:w-72">
          <SearchIcon
            aria-hidden="true"
            size={18}
            className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-white/60"
          />
          <input
            ref={input}
            type="text"
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={combobox.expanded}
            aria-controls={combobox.controls}
            aria-activedescendant={combobox.activeId}
            onKeyDown={combobox.onKeyDown}
            aria-label="Search users"
            name="q"
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            enterKeyHint="search"
            maxLength={100}
            placeholder={SEARCH_PLACEHOLDER}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setOpen(true);
            }}
            onClick={() => setOpen(true)}
            className="h-10 w-full rounded-full border border-white/15 bg-white/10 pr-3 pl-9 text-base text-white placeholder:text-white/60 focus:border-white/40 focus:bg-white/15 focus-visible:outline-sky-400 sm:text-sm"
          />
        </div>
        {visible ? (
          <section
            aria-labelledby={titleId}
            className="fixed inset-x-0 top-14 z-50 flex max-h-[calc(100dvh-3.5rem)] flex-col overflow-hidden rounded-b-2xl border-b border-neutral-200 bg-white text-neutral-900 shadow-2xl sm:absolute sm:inset-x-auto sm:top-full sm:right-0 sm:mt-3 sm:max-h-[min(32rem,calc(100dvh-5rem))] sm:w-96 sm:rounded-2xl sm:border dark:border-neutral-800 dark:bg-neutral-900 dark:text-neutral-100"
          >
            <div className="flex items-center justify-between gap-2 border-b border-neutral-200 py-2 pr-2 pl-4 dark:border-neutral-800">
              <h2 id={titleId} className="text-sm font-semibold">
                Search Results
              </h2>
              <button
                type="button"
                onClick={() => close(true)}
                className="inline-flex min-h-9 items-center gap-1 rounded-full px-3 text-sm font-medium text-neutral-600 hover:bg-neutral-100 hover:text-neutral-900 dark:text-neutral-300 dark:hover:bg-neutral-800 dark:hover:text-white"
              >
                <X aria-hidden="true" size={16} />
                Close
              </button>
            </div>
            {items.length > 0 ? (
              <div className="flex min-h-0 flex-1 overflow-y-auto overscroll-contain py-1">
                <div
                  id={combobox.listboxId}
                  role="listbox"
                  aria-labelledby={titleId}
                  aria-busy={search.searching || undefined}
                  className="min-w-0 flex-1"
                >
                  {items.map((person, index) => (
                    <div
                      key={person.userId}
                      role="option"
                      id={combobox.optionId(index)}
                      tabIndex={-1}
                      aria-selected={index === combobox.activeIndex}
                      {...combobox.optionHandlers(index)}
                      className={clsx(
                        "flex h-14 cursor-pointer items-center gap-3 pr-2 pl-4 hover:bg-neutral-100 dark:hover:bg-neutral-800",
                        index === combobox.activeIndex && "bg-sky-50 dark:bg-sky-950/60",
                      )}
                    >
                      <Avatar
                        name={displayName(person)}
                        src={person.profileImageUrl}
                        className="size-10"
                      />
                      <span className="flex min-w-0 flex-col">
                        <span className="flex min-w-0 items-center gap-1">
                          <span className="truncate font-semibold">
                            <PersonName person={person} />
                          </span>
                          <ProfileBadges
                            verificationType={person.verificationType}
                            veteran={person.veteran}
                            size={16}
                          />
                        </span>
                        <span className="truncate text-sm text-neutral-500 dark:text-neutral-400">
                          @{person.handle}
                        </span>
                      </span>
                    </div>
                  ))}
                </div>
                {/* One row per option, level with it: the person's Follow button. */}
                <div className="shrink-0">
                  {items.map((person, index) => (
                    <div
                      key={person.userId}
                      className={clsx(
                        "flex h-14 items-center pr-3 pl-1",
                        index === combobox.activeIndex && "bg-sky-50 dark:bg-sky-950/60",
                      )}
                    >
                      {user?.id === person.userId ? null : (
                        <FollowButton
                          userId={person.userId}
                          name={displayName(person)}
                          following={user ? person.following : false}
                          compact
                        />
                      )}
                    </div>
                  ))}
                </div>
              </div>
            ) : null}
            <p
              role="status"
              className={
                items.length > 0
                  ? "sr-only"
                  : "px-4 py-6 text-center text-sm text-neutral-500 dark:text-neutral-400"
              }
            >
              {status}
            </p>
          </section>
        ) : null}
      </div>
      {visible ? (
        // Phones: the page behind the results sheet is dimmed; a tap on it closes (click outside).
        // No z-index: it stays under the search box (z-10) and its sheet.
        <div
          aria-hidden="true"
          className="fixed inset-x-0 top-14 bottom-0 bg-black/40 motion-safe:animate-fade-in sm:hidden"
        />
      ) : null}
    </>
  );
}
