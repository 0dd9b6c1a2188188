// US city field with suggestions from /api/city-search (spec-2 §2 search filter and profile city,
// §5 "City field must be one of the suggested US cities"). An ARIA combobox with a list popup
// (lib/use-combobox.ts): arrows move, Enter chooses, Escape closes. Reports the chosen place, or
// null.
import { clsx } from "clsx";
import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { formatCityLabel } from "../../../domain/city-label";
import type { CityItem } from "../../../domain/contracts/cities";
import { useCombobox } from "../../lib/use-combobox";
import { useCitySuggestionsQuery } from "../../state/queries/cities";
import { FieldLabel, inputClass } from "./text-field";

export const CITY_HINT = "Start typing a U.S. city...";
export const CITY_INVALID = "Please select a valid U.S. city";

interface CityAutocompleteProps {
  label: string;
  /** The chosen place; the field shows it as 'City, ST' (a label from a URL is enough). */
  value: Pick<CityItem, "city" | "state"> | null;
  onChange: (city: CityItem | null) => void;
  /** An empty field is then invalid too once left. */
  required?: boolean;
  disabled?: boolean;
  className?: string;
  /** A small control at the right of the label row. */
  labelAside?: ReactNode;
}

export function CityAutocomplete({
  label,
  value,
  onChange,
  required = false,
  disabled = false,
  className,
  labelAside,
}: CityAutocompleteProps) {
  const id = useId();
  const valueLabel = value ? formatCityLabel(value) : null;
  const [text, setText] = useState(valueLabel ?? "");
  /** The label of the place chosen here or passed in: the text is valid while it equals it. */
  const [chosen, setChosen] = useState(valueLabel);
  const [query, setQuery] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [invalid, setInvalid] = useState(false);
  const suggestions = useCitySuggestionsQuery(query);
  const items = suggestions.state === "done" ? suggestions.items : [];
  const expanded = open && items.length > 0;
  const noMatch = open && suggestions.state === "done" && items.length === 0;
  const combobox = useCombobox({
    items,
    expanded,
    canOpen: items.length > 0,
    onOpen: () => setOpen(true),
    onClose: () => setOpen(false),
    onPick: choose,
    resetKey: suggestions.state === "done" ? suggestions.items : null,
  });

  // A place set from outside (a loaded profile) shows in the field; clearing it from outside
  // (Clear Filters) empties the field unless the person has typed something else since.
  const previousLabel = useRef(valueLabel);
  useEffect(() => {
    const before = previousLabel.current;
    previousLabel.current = valueLabel;
    if (valueLabel === before) return;
    setChosen(valueLabel);
    if (valueLabel !== null) {
      setText(valueLabel);
      setQuery(null);
      setInvalid(false);
    } else {
      setText((current) => (current === before ? "" : current));
    }
  }, [valueLabel]);

  function choose(item: CityItem) {
    const itemLabel = formatCityLabel(item);
    setText(itemLabel);
    setChosen(itemLabel);
    setQuery(null);
    setOpen(false);
    setInvalid(false);
    onChange(item);
  }

  function type(next: string) {
    setText(next);
    setQuery(next);
    setOpen(true);
    setInvalid(false);
    if (chosen !== null) {
      setChosen(null);
      onChange(null);
    }
  }

  function leave() {
    setOpen(false);
    const empty = text.trim() === "";
    setInvalid(empty ? required : text !== chosen);
  }

  const message = invalid
    ? CITY_INVALID
    : suggestions.state === "error"
      ? suggestions.message
      : null;

  return (
    <div className={clsx("space-y-1.5", className)}>
      <FieldLabel htmlFor={id} aside={labelAside}>
        {label}
      </FieldLabel>
      <div className="relative">
        <input
          id={id}
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={combobox.expanded}
          aria-controls={combobox.controls}
          aria-activedescendant={combobox.activeId}
          onKeyDown={combobox.onKeyDown}
          autoComplete="off"
          spellCheck={false}
          aria-invalid={invalid ? true : undefined}
          aria-describedby={message ? `${id}-message` : undefined}
          aria-required={required || undefined}
          placeholder={CITY_HINT}
          className={inputClass}
          value={text}
          disabled={disabled}
          onChange={(event) => type(event.target.value)}
          onBlur={leave}
        />
        <div
          id={combobox.listboxId}
          role="listbox"
          aria-label={`${label} suggestions`}
          hidden={!expanded}
          className="absolute inset-x-0 top-full z-20 mt-1 max-h-60 overflow-auto rounded-xl border border-neutral-200 bg-white py-1 shadow-lg dark:border-neutral-700 dark:bg-neutral-900"
        >
          {items.map((item, index) => (
            <div
              key={`${item.city}|${item.state}`}
              role="option"
              id={combobox.optionId(index)}
              tabIndex={-1}
              aria-selected={index === combobox.activeIndex}
              {...combobox.optionHandlers(index)}
              className={clsx(
                "flex cursor-pointer items-baseline justify-between gap-3 px-3 py-2 text-sm text-neutral-900 dark:text-neutral-100",
                index === combobox.activeIndex && "bg-sky-50 dark:bg-sky-950/60",
              )}
            >
              <span>{formatCityLabel(item)}</span>
              <span className="truncate text-xs text-neutral-500 dark:text-neutral-400">
                {item.county}
              </span>
            </div>
          ))}
        </div>
      </div>
      <p
        role="status"
        className={noMatch ? "text-xs text-neutral-500 dark:text-neutral-400" : "sr-only"}
      >
        {noMatch
          ? "No matching U.S. cities"
          : expanded
            ? `${items.length} ${items.length === 1 ? "suggestion" : "suggestions"}`
            : ""}
      </p>
      {message ? (
        <p id={`${id}-message`} role="alert" className="text-sm text-red-600 dark:text-red-400">
          {message}
        </p>
      ) : null}
    </div>
  );
}
