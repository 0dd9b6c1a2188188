// The option list of each search field that takes one from a fixed list: the table
// (search-fields.ts) names the list, search-field-lists.ts holds it. The filter panel's selects and
// checkboxes read them here, so a field's choices are the ones its schema accepts.
import { SEARCH_LISTS, type SearchLists } from "./search-field-lists";
import { SEARCH_FIELDS } from "./search-fields";

const LIST_OF_FIELD: Record<string, readonly string[]> = Object.fromEntries(
  SEARCH_FIELDS.flatMap((field) =>
    "list" in field && field.list in SEARCH_LISTS
      ? [[field.key, SEARCH_LISTS[field.list as keyof SearchLists]]]
      : [],
  ),
);

/** A field's list, by its key (the panel draws its fields from the table's rows); else []. */
export const listOfField = (key: string): readonly string[] => LIST_OF_FIELD[key] ?? [];
