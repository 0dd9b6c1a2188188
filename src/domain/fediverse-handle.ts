// A fediverse handle, `@name@server.example` (docs/federation.md "In the web app"), and a server's
// name, without zod: the header search and the page routes read them, and the first script
// carries no zod (docs/performance.md "Initial JavaScript").

/** A server's name as moderators write it, lower-cased (`social.example`, with a port if any). */
export const SERVER_NAME = /^[a-z0-9.-]+(?::\d+)?$/;
export const SERVER_NAME_HINT = "Write a server name such as social.example.";

/** `@name@server.example` or `name@server.example`; a leading @ is optional. */
export const FEDIVERSE_HANDLE = /^@?([^@\s/]+)@([a-z0-9.-]+(?::\d+)?)$/i;

/** `name@server.example` when `text` is a fediverse handle (trimmed, the leading @ dropped), else
 * null. */
export function fediverseHandleOf(text: string): string | null {
  const trimmed = text.trim();
  return FEDIVERSE_HANDLE.test(trimmed) ? trimmed.replace(/^@/, "") : null;
}
