// Shapes of /api/federation/* (docs/federation.md "Follows"): a person on another server
// as our pages show them, found by their fediverse handle, and following them.
import { z } from "zod";
import { FEDIVERSE_HANDLE, SERVER_NAME, SERVER_NAME_HINT } from "../fediverse-handle";
import { REPORT_DETAILS_MAX } from "../limits";
import { REPORT_REASONS } from "../report-reasons";
import { followState } from "./follows";
import { commentBody } from "./posts";

export const fediverseHandle = z
  .string()
  .trim()
  .max(320)
  .regex(FEDIVERSE_HANDLE, { message: "Write a handle such as @someone@server.example." })
  .transform((value) => value.replace(/^@/, "").toLowerCase());

export const remotePersonView = z.object({
  /** Our id for them: the path of their page here is /@{handle}. */
  id: z.string(),
  /** `name@server.example`. */
  handle: z.string(),
  name: z.string(),
  /** Their bio, as plain text. */
  summary: z.string(),
  iconUrl: z.string().nullable(),
  /** Their profile on their own server. */
  url: z.string().nullable(),
  /** They approve each follower (a locked or private account). */
  approvesFollowers: z.boolean(),
  /** How the viewer stands: "requested" until their server accepts. */
  follow: followState,
  /** The viewer blocks them (docs/federation.md "Blocks"). */
  blocked: z.boolean(),
});
export type RemotePersonView = z.infer<typeof remotePersonView>;

export const remotePersonResponse = z.object({ person: remotePersonView });
export const lookupQuery = z.object({ handle: fediverseHandle });
export const remotePersonParams = z.object({ id: z.uuid({ message: "Person not found" }) });

/** A follow request from someone elsewhere to a private account, newest first. */
export const remoteFollowRequestView = z.object({
  id: z.string(),
  handle: z.string(),
  name: z.string(),
  since: z.string(),
});
export type RemoteFollowRequestView = z.infer<typeof remoteFollowRequestView>;
export const remoteFollowRequestsResponse = z.object({ items: z.array(remoteFollowRequestView) });

export const remoteNoteParams = z.object({ id: z.uuid({ message: "Post not found" }) });
/** DELETE /api/federation/notes/:id/quote: the quoted post's author took it out of the quote. */
export const remoteDetachResponse = z.object({ detached: z.literal(true) });

/** A reply to a post from elsewhere: the text of a comment (docs/federation.md "Replies"). */
export const remoteReplyBody = commentBody.pick({ content: true });
export const remoteReplyResponse = z.object({
  reply: z.object({ id: z.string(), createdAt: z.string() }),
});

/** A moderator's decision about a whole server (docs/federation.md "Domain blocks"). */
export const DOMAIN_SEVERITIES = ["suspend", "silence", "reject_media"] as const;
export const domainBlockView = z.object({
  host: z.string(),
  severity: z.enum(DOMAIN_SEVERITIES),
  note: z.string(),
  createdAt: z.string(),
});
export type DomainBlockView = z.infer<typeof domainBlockView>;
export const domainBlocksResponse = z.object({ items: z.array(domainBlockView) });
export const domainParams = z.object({
  host: z.string().trim().toLowerCase().regex(SERVER_NAME, { message: SERVER_NAME_HINT }).max(253),
});
/** A server we know of, for moderators (docs/federation.md "Deliveries per server"): the people we
 * know there, how our deliveries to it fare, and its block if any. */
export const federationServerView = z.object({
  host: z.string(),
  people: z.number(),
  delivered: z.number(),
  /** Attempts that failed and are tried again. */
  failing: z.number(),
  /** Deliveries given up on. */
  failed: z.number(),
  lastDeliveredAt: z.string().nullable(),
  lastError: z.string().nullable(),
  lastErrorAt: z.string().nullable(),
  block: domainBlockView.nullable(),
});
export type FederationServerView = z.infer<typeof federationServerView>;
export const federationServersResponse = z.object({ items: z.array(federationServerView) });

export const domainBlockBody = z.object({
  severity: z.enum(DOMAIN_SEVERITIES, { message: "Choose suspend, silence or reject_media." }),
  note: z.string().trim().max(500).default(""),
});

/** Reporting someone elsewhere, with some of their posts that reached us (docs/federation.md
 * "Reports"); `forward` sends their server a Flag from this server (not naming the reporter). */
export const remoteReportBody = z.object({
  reason: z.enum(REPORT_REASONS, { message: "Choose a reason." }),
  details: z.string().trim().max(REPORT_DETAILS_MAX).default(""),
  noteIds: z.array(z.uuid()).max(20).default([]),
  forward: z.boolean().default(true),
});
export const remoteFlagView = z.object({
  id: z.string(),
  /** "in": another server's report of ours; "out": ours of someone there. */
  direction: z.enum(["in", "out"]),
  reporter: z.string(),
  host: z.string(),
  objects: z.array(z.string()),
  content: z.string(),
  createdAt: z.string(),
});
export const remoteFlagsResponse = z.object({ items: z.array(remoteFlagView) });
export const remoteFlagParams = z.object({ id: z.uuid({ message: "Report not found" }) });
