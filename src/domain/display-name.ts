// How a person's name reads wherever it is shown (STYLE.md "One presenter per thing shown"), in
// the browser and in the pages the server writes: the full name (spec-1 §5: required, at most 20
// characters), or the handle when a name is blank. Mail has one more kind of writer: an outside
// sender (spec-2 §1 inbound mail), who has only an address.
export interface NamedPerson {
  fullName: string;
  handle: string;
}

/** An outside e-mail address in a mail thread: its name is the address. */
export interface OutsideSender {
  address: string;
}

export function displayName(who: NamedPerson | OutsideSender): string {
  if ("address" in who) return who.address;
  return who.fullName.trim() || who.handle;
}
