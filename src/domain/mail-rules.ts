// spec-1 §5 compose rules and §9 limits, shared by the mail screen and the server.
export const MESSAGE_BODY_MAX = 250;
export const MESSAGE_SUBJECT_MAX = 120;
export const MESSAGES_PAGE_SIZE = 50;
/** Inbound e-mail is kept whole up to this many characters (docs/mail.md "Inbound"). */
export const INBOUND_BODY_MAX = 20_000;

/** spec-1 §3: the subject is optional and trimmed; the value 'empty' means no subject. */
export function normalizeSubject(subject: string | null | undefined): string | null {
  const trimmed = (subject ?? "").trim();
  return trimmed === "" || trimmed.toLowerCase() === "empty" ? null : trimmed;
}
