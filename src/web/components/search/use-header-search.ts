// The header search's state and keyboard (spec-1 §2 "Header search box"): the typed text, whether
// the results panel is open and, on phones, whether the box is shown over the header. Arrow keys
// and Enter go through the combobox (lib/use-combobox.ts); Escape closes the panel, a second one
// clears the text; navigating, a click outside and tabbing out close it. Text that is a fediverse
// handle (`@name@server.example`) gets one more entry first, 'Find @name@server.example on their
// server', which opens their page here (docs/federation.md "In the web app"); text that starts
// with `#` lists the used tags it begins first, each opening its page (docs/search.md "Header
// search").
import { type FocusEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { fediverseHandleOf } from "../../../domain/fediverse-handle";
import { useCombobox } from "../../lib/use-combobox";
import { type PersonResult, usePeopleSearch } from "../../state/queries/search";
import { type TagCount, useTagSuggestions } from "../../state/queries/tags";

export const noUsersFound = (query: string) => `No users found matching "${query}"`;

/** A row of the results: a person here, the way to a person elsewhere, or a tag. */
export type SearchOption =
  | { kind: "person"; person: PersonResult }
  | { kind: "elsewhere"; handle: string }
  | { kind: "tag"; tag: TagCount };

/** Where a row leads. */
const pathOf = (option: SearchOption) =>
  option.kind === "person"
    ? `/${option.person.handle}`
    : option.kind === "tag"
      ? `/tags/${encodeURIComponent(option.tag.name)}`
      : `/@${option.handle}`;

export function useHeaderSearch() {
  const navigate = useNavigate();
  const location = useLocation();
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const phoneToggle = useRef<HTMLButtonElement>(null);
  const [text, setText] = useState("");
  const [open, setOpen] = useState(false);
  /** Phones only: the box is shown over the header. */
  const [expanded, setExpanded] = useState(false);
  const search = usePeopleSearch(text);
  const elsewhere = fediverseHandleOf(text);
  const tags = useTagSuggestions(text);
  const items: SearchOption[] = [
    ...(elsewhere ? [{ kind: "elsewhere", handle: elsewhere } as const] : []),
    ...tags.map((tag) => ({ kind: "tag", tag }) as const),
    ...search.items.map((person) => ({ kind: "person", person }) as const),
  ];
  const visible = open && text.trim() !== "";
  const combobox = useCombobox({
    items,
    expanded: visible,
    canOpen: text.trim() !== "",
    onOpen: () => setOpen(true),
    onClose: () => close(true),
    onPick: (option) => openPage(pathOf(option)),
    onEscapeClosed: () => {
      if (text !== "") setText("");
      else if (expanded) collapse();
    },
    // A new answer starts without a highlighted row.
    resetKey: `${elsewhere}\n${search.query}\n${tags.map((t) => t.name).join(" ")}`,
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

  function openPage(path: string) {
    setText("");
    setOpen(false);
    setExpanded(false);
    input.current?.blur();
    void navigate(path);
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

  return {
    refs: { root, input, phoneToggle },
    titleId: `${id}-title`,
    text,
    expanded,
    visible,
    search,
    items,
    combobox,
    status,
    onRootKeyDown,
    onRootBlur,
    onTextChange: (value: string) => {
      setText(value);
      setOpen(true);
    },
    onInputClick: () => setOpen(true),
    togglePhoneBox: () => (expanded ? collapse() : setExpanded(true)),
    collapse,
    closePanel: () => close(true),
  };
}

export type HeaderSearchState = ReturnType<typeof useHeaderSearch>;
