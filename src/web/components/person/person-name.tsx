// A person's name as text (STYLE.md "One presenter per thing shown"): the rule of
// domain/display-name.ts, the same in every list, card, header and mail thread. The caller's own
// element (a link, a heading) holds it, so the name takes that element's look and role.
import { displayName, type NamedPerson, type OutsideSender } from "../../../domain/display-name";

export function PersonName({ person }: { person: NamedPerson | OutsideSender }) {
  return displayName(person);
}
