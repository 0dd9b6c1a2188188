// The search page's text box (spec-2 §2; §5: the text matches full name, username or about). In
// local mode every keystroke filters the loaded profiles; Enter searches, as the Search button does.
import { Search as SearchIcon } from "lucide-react";
import { FILTER_LABELS } from "../../../domain/search-fields";
import { inputClass } from "../../components/form/text-field";

/** The filter object's text limit (spec-2 §3). */
const QUERY_MAX = 100;

export function QueryBox({ value, onChange }: { value: string; onChange: (q: string) => void }) {
  return (
    <div className="relative">
      <SearchIcon
        aria-hidden="true"
        size={18}
        className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-neutral-500"
      />
      <input
        type="search"
        aria-label={FILTER_LABELS.q}
        placeholder={FILTER_LABELS.q}
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        enterKeyHint="search"
        maxLength={QUERY_MAX}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={`${inputClass} pl-10`}
      />
    </div>
  );
}
