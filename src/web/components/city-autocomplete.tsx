// US city field with suggestions from /api/city-search (spec-2 §2 search filter and profile city,
// §5 "City field must be one of the suggested US cities"). Follows the ARIA combobox pattern with
// a list popup: arrows move, Enter chooses, Escape closes. Reports the chosen place, or null.
import { clsx } from "clsx";
import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { type CityItem, formatCityLabel } from "../../domain/contracts/cities";
import { FieldLabel, inputClass } from "./text-field";
import { useCitySuggestions } from "./use-city-suggestions";

export const CITY_HINT = "Start typing a U.S. city...";
export const CITY_INVALID = "Please select a valid U.S. city";

interface CityAutocompleteProps {
  label: string;
  /** The chosen place; the field shows it as 'City, ST'. */
  value: CityItem | null;
  onChange: (city: CityItem | null) => void;
  /** An empty field is then invalid too once left. */
  required?: boolean;
  disabled?: boolean;
  className?: string;
}

export function CityAutocomplete({
  label,
  value,
  onChange,
  required = false,
  disabled = false,
  className,
}: CityAutocompleteProps) {
  const id = useId();
  const valueLabel = value ? formatCityLabel(value) : null;
  const [text, setText] = useState(valueLabel ?? "");
  /** The label of the place chosen here or passed in: the text is valid while it equals it. */
  const [chosen, setChosen] = useState(valueLabel);
  const [query, setQuery] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [invalid, setInvalid] = useState(false);
  const suggestions = useCitySuggestions(query);
  const items = suggestions.state === "done" ? suggestions.items : [];
  const expanded = open && items.length > 0;
  const noMatch = open && suggestions.state === "done" && items.length === 0;

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

  useEffect(() => {
    if (suggestions.state === "done") setActive(-1);
  }, [suggestions]);

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

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      if (items.length === 0) return;
      event.preventDefault();
      const step = event.key === "ArrowDown" ? 1 : -1;
      setOpen(true);
      setActive((current) =>
        !expanded || current < 0
          ? step === 1
            ? 0
            : items.length - 1
          : (current + step + items.length) % items.length,
      );
    } else if (event.key === "Enter" && expanded && active >= 0) {
      event.preventDefault(); // choosing a suggestion does not submit the form
      const item = items[active];
      if (item) choose(item);
    } else if (event.key === "Escape" && expanded) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  }

  const message = invalid
    ? CITY_INVALID
    : suggestions.state === "error"
      ? suggestions.message
      : null;
  const optionId = (index: number) => `${id}-option-${index}`;

  return (
    <div className={clsx("space-y-1.5", className)}>
      <FieldLabel htmlFor={id}>{label}</FieldLabel>
      <div className="relative">
        <input
          id={id}
          type="text"
          role="combobox"
          autoComplete="off"
          spellCheck={false}
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={`${id}-list`}
          aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
          aria-invalid={invalid ? true : undefined}
          aria-describedby={message ? `${id}-message` : undefined}
          aria-required={required || undefined}
          placeholder={CITY_HINT}
          className={inputClass}
          value={text}
          disabled={disabled}
          onChange={(event) => type(event.target.value)}
          onKeyDown={onKeyDown}
          onBlur={leave}
        />
        <div
          id={`${id}-list`}
          role="listbox"
          aria-label={`${label} suggestions`}
          hidden={!expanded}
          className="absolute inset-x-0 top-full z-20 mt-1 max-h-60 overflow-auto rounded-xl border border-neutral-200 bg-white py-1 shadow-lg dark:border-neutral-700 dark:bg-neutral-900"
        >
          {items.map((item, index) => (
            // biome-ignore lint/a11y/useKeyWithClickEvents: keys are handled on the combobox input, which keeps the focus (aria-activedescendant)
            <div
              key={`${item.city}|${item.state}`}
              id={optionId(index)}
              role="option"
              tabIndex={-1}
              aria-selected={index === active}
              // Keep the focus in the input, so choosing with the mouse does not count as leaving.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(item)}
              onMouseEnter={() => setActive(index)}
              className={clsx(
                "flex cursor-pointer items-baseline justify-between gap-3 px-3 py-2 text-sm text-neutral-900 dark:text-neutral-100",
                index === active && "bg-sky-50 dark:bg-sky-950/60",
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
