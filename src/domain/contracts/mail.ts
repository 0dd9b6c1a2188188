// Shapes of /api/mail/* (spec-1 §3 chat threads and messages, §5 compose rules, §7 mail calls).
import { z } from "zod";
import {
  MESSAGE_BODY_MAX,
  MESSAGE_SUBJECT_MAX,
  MESSAGES_PAGE_SIZE,
  normalizeSubject,
} from "../mail-rules";
import { WHO_MAY } from "../reply-controls";
import { emailField } from "./auth";
import { personSummary } from "./follows";
import { pageOf, pageQueryOf } from "./page";

export const subjectField = z
  .string()
  .max(MESSAGE_SUBJECT_MAX + 200)
  .nullish()
  .transform(normalizeSubject)
  .refine((subject) => subject === null || subject.length <= MESSAGE_SUBJECT_MAX, {
    message: `Subjects are at most ${MESSAGE_SUBJECT_MAX} characters.`,
  });

export const messageBodyField = z
  .string({ message: "Missing required data" })
  .trim()
  .min(1, { message: "Missing required data" })
  .max(MESSAGE_BODY_MAX, { message: `Messages are at most ${MESSAGE_BODY_MAX} characters.` });

export const sendMessageBody = z.object({ subject: subjectField, body: messageBodyField });

/** A message to an outside address, or to someone's address on our own mail domain. */
export const externalMailBody = sendMessageBody.extend({ to: emailField });

export const directThreadBody = z.object({
  userId: z.string({ message: "Missing IDs" }).trim().min(1, { message: "Missing IDs" }).max(64),
});

export const threadParams = z.object({ threadId: z.uuid({ message: "Conversation not found" }) });

export const messageView = z.object({
  id: z.string(),
  threadId: z.string(),
  /** The member who wrote it; null for mail from an outside address. */
  sender: personSummary.nullable(),
  senderAddress: z.string().nullable(),
  subject: z.string().nullable(),
  body: z.string(),
  direction: z.enum(["internal", "outbound", "inbound"]),
  /** Inbound mail that failed its sender domain's DMARC check (quarantine policy). */
  suspicious: z.boolean(),
  attachmentsDropped: z.number(),
  /** Its sender deleted their account: 'Message deleted', no words, no sender. */
  senderDeleted: z.boolean(),
  createdAt: z.string(),
  /** The reader's muted words its subject or body matches (docs/safety.md "Muted words"): shown
   * collapsed in the thread until opened; absent when none does. */
  mutedBy: z.array(z.string()).optional(),
});
export type MessageView = z.infer<typeof messageView>;

/** Who a thread is with: a person, or an outside e-mail address. */
export const threadParty = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("person"), person: personSummary }),
  z.object({ kind: z.literal("external"), address: z.string() }),
]);

export const threadView = z.object({
  id: z.string(),
  other: threadParty,
  latestMessage: messageView.nullable(),
  lastMessageAt: z.string().nullable(),
  unread: z.boolean(),
  /** Why the reader may not write in it, in the words sending would be refused with
   * (docs/mail.md "Who can be written to"): the composer shows it in place of its fields. Given
   * on one thread's read (opening it, or the Message button), never in the list; absent when the
   * reader may write. */
  refusal: z.object({ code: z.string(), message: z.string() }).optional(),
  /** The reader's copy is a message request (docs/mail.md "Message requests"): waiting under
   * Requests, or put aside; absent for a thread in their list. */
  request: z.enum(["pending", "dismissed"]).optional(),
});
export type ThreadView = z.infer<typeof threadView>;

export const threadResponse = z.object({ thread: threadView });
/** The threads the mail list asks for at first, and the mail page carries (page-data.ts). */
export const THREADS_PAGE_SIZE = 30;
export const threadsQuery = pageQueryOf({ default: THREADS_PAGE_SIZE, max: 50 });
export const threadsPage = pageOf(threadView);
export const messagesQuery = pageQueryOf({ default: MESSAGES_PAGE_SIZE, max: MESSAGES_PAGE_SIZE });
export const messagesPage = pageOf(messageView);
export const messageResponse = z.object({ message: messageView });
export const sentExternalResponse = z.object({ thread: threadView, message: messageView });
/** GET /api/mail/recipient?to=: what sending to the address would answer, asked by the composer
 * before anyone types (docs/mail.md "Who can be written to"); null when it would be sent. */
export const recipientQuery = z.object({ to: emailField });
export const recipientResponse = z.object({
  refusal: z.object({ code: z.string(), message: z.string() }).nullable(),
});
export const unreadMailResponse = z.object({ count: z.number() });

/** GET and PUT /api/mail/settings: 'Who can message me' (docs/mail.md "Who can be written to"). */
export const mailSettings = z.object({
  whoCanMessage: z.enum(WHO_MAY, {
    message: "Choose who can message you: everyone, following, friends or nobody.",
  }),
});
export type MailSettings = z.infer<typeof mailSettings>;
/** The reader's waiting message requests, newest first (docs/mail.md "Message requests"). */
export const messageRequestsPage = pageOf(threadView);
export const messageRequestsCount = z.object({ count: z.number().int().min(0) });
