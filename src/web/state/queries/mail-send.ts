// Sending mail (spec-1 §5 compose, §7 mail calls, docs/mail.md "Sending once"): a reply in a
// thread and the external composer's e-mail, each sent once however often it is retried, the sent
// message put straight into the cached conversation (mail.ts), and the composer's words for a
// refusal or a failure.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRef } from "react";
import type { messageResponse, sentExternalResponse } from "../../../domain/contracts/mail";
import { IDEMPOTENCY_KEY_HEADER } from "../../../domain/idempotency";
import { normalizeSubject } from "../../../domain/mail-rules";
import { ApiRequestError, api, errorMessage } from "../../lib/api";
import { safetyRefusal } from "../../lib/safety-refusal";
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
 * sent once however often it is retried (`useOnceKey`).
 */
export function useSendMessageMutation(threadId: string) {
  const queryClient = useQueryClient();
  const once = useOnceKey();
  return useMutation({
    mutationFn: async (draft: Draft) => {
      const body = outgoing(draft);
      const path = `${threadPath(threadId)}/messages`;
      return (await api.post<typeof messageResponse>(path, body, once.headersFor(path, body)))
        .message;
    },
    onSuccess: (message) => {
      once.settled();
      receiveMessage(queryClient, message, true);
    },
    onError: (error) => once.failed(error),
  });
}

/**
 * A failed send whose answer never came (no connection, a proxy's own page) or whose first try is
 * still being stored: sending the same message again must carry the same Idempotency-Key.
 */
const answerUnknown = (error: unknown) =>
  !(error instanceof ApiRequestError) ||
  ["network_error", "http_error", "bad_response", "idempotency_key_in_use"].includes(error.code);

/**
 * One Idempotency-Key per message (docs/mail.md "Sending once"): made when the message is first
 * sent and sent again with the same message after a failure whose answer was lost, so the server
 * stores it once; a message sent, answered otherwise or changed gets a new one.
 */
function useOnceKey() {
  const attempt = useRef<{ request: string; key: string } | null>(null);
  return {
    headersFor(path: string, body: object) {
      const request = JSON.stringify([path, body]);
      if (attempt.current?.request !== request) {
        attempt.current = { request, key: crypto.randomUUID() };
      }
      // The draft's form of the key: a structured-field string, in double quotes.
      return { [IDEMPOTENCY_KEY_HEADER]: `"${attempt.current.key}"` };
    },
    settled() {
      attempt.current = null;
    },
    failed(error: unknown) {
      if (!answerUnknown(error)) attempt.current = null;
    },
  };
}

/** The external composer (spec-1 §2 `compose`, §7 send-email): any address, ours included. */
export function useSendExternalMutation() {
  const queryClient = useQueryClient();
  const once = useOnceKey();
  return useMutation({
    mutationFn: (input: Draft & { to: string }) => {
      const body = { to: input.to.trim(), ...outgoing(input) };
      const path = "/api/mail/send";
      return api.post<typeof sentExternalResponse>(path, body, once.headersFor(path, body));
    },
    onSuccess: ({ thread, message }) => {
      once.settled();
      queryClient.setQueryData(mailKeys.thread(thread.id), thread);
      receiveMessage(queryClient, message, true);
    },
    onError: (error) => once.failed(error),
  });
}
