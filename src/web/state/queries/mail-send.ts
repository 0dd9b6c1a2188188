// Sending mail (spec-1 §5 compose, §7 mail calls, docs/mail.md "Sending once"): a reply in a
// thread and the external composer's e-mail, each sent once however often it is retried, the sent
// message put straight into the cached conversation (mail.ts), and the composer's words for a
// refusal or a failure.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  messageResponse,
  recipientResponse,
  sentExternalResponse,
} from "../../../domain/contracts/mail";
import { normalizeSubject } from "../../../domain/mail-rules";
import { ApiRequestError, api, errorMessage } from "../../lib/api";
import { safetyRefusal } from "../../lib/safety-refusal";
import { sendOnce } from "../once-key";
import { mailKeys, receiveMessage, threadPath } from "./mail";

// spec-1 §8 "Mail": the screen's words for a failed send, and 'Sent!'.
export const SELF_MESSAGE = "You can't send a message to yourself.";
export const SEND_FAILED = "Failed to send message. Please try again.";
export const SENT = "Sent!";
export const replyFailed = (error: unknown) =>
  `Failed to send message: ${errorMessage(error, "SEND_FAILED")}`;
export const externalFailed = (error: unknown) =>
  `Failed to send external email: ${errorMessage(error, "SEND_FAILED")}`;
/**
 * A refusal the writer can act on, in the server's words alone: writing to oneself, to someone
 * who cannot be messaged, while restricted, or to someone one blocks (docs/mail.md "Who can be
 * written to"). Null for any other failure.
 */
export const sendRefusal = (error: unknown): string | null =>
  error instanceof ApiRequestError && error.message === SELF_MESSAGE
    ? SELF_MESSAGE
    : safetyRefusal(error);

export interface Draft {
  subject: string;
  body: string;
}

/** spec-1 §3, §5: the body trimmed; the subject trimmed, and none when empty or 'empty'. */
const outgoing = (draft: Draft) => ({
  subject: normalizeSubject(draft.subject),
  body: draft.body.trim(),
});

/**
 * A message in a thread: to its member, or out as e-mail in a thread with an outside address,
 * sent once however often it is retried (`sendOnce`).
 */
export function useSendMessageMutation(threadId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (draft: Draft) => {
      const body = outgoing(draft);
      const path = `${threadPath(threadId)}/messages`;
      const sent = await sendOnce(path, body, (headers) =>
        api.post<typeof messageResponse>(path, body, headers),
      );
      return sent.message;
    },
    onSuccess: (message) => receiveMessage(queryClient, message, true),
  });
}

/** Why the viewer may not write to an address on our mail domain, asked as the address is typed
 * (docs/mail.md "Who can be written to"); undefined while unknown or when they may. */
export function useRecipientRefusal(address: string, enabled: boolean): string | undefined {
  const query = useQuery({
    queryKey: mailKeys.recipient(address),
    queryFn: ({ signal }) =>
      api.get<typeof recipientResponse>(
        `/api/mail/recipient?to=${encodeURIComponent(address)}`,
        signal,
      ),
    enabled,
    staleTime: 30_000,
  });
  return enabled ? (query.data?.refusal?.message ?? undefined) : undefined;
}

/** The external composer (spec-1 §2 `compose`, §7 send-email): any address, ours included. */
export function useSendExternalMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Draft & { to: string }) => {
      const body = { to: input.to.trim(), ...outgoing(input) };
      const path = "/api/mail/send";
      return sendOnce(path, body, (headers) =>
        api.post<typeof sentExternalResponse>(path, body, headers),
      );
    },
    onSuccess: ({ thread, message }) => {
      queryClient.setQueryData(mailKeys.thread(thread.id), thread);
      receiveMessage(queryClient, message, true);
    },
  });
}
