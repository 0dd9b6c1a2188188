// Face verification (spec-2 §2, §5): a live face check's challenge, then its frames go to the
// server, which decides; a match changes the badge, so cached profiles and the session are
// refreshed and other pages are told.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type {
  faceChallengeResponse,
  faceVerificationResponse,
} from "../../../domain/contracts/verification";
import { frameField } from "../../../domain/face-liveness";
import { apiRequest } from "../../lib/api";
import { announceProfileRefresh } from "../../lib/profile-refresh";
import { profileKeys } from "./profiles";
import { sessionKeys } from "./session";

export const requestFaceChallenge = () =>
  apiRequest<typeof faceChallengeResponse>("/api/verification/face/challenge", {
    method: "POST",
  });

export function useFaceVerificationMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ challenge, frames }: { challenge: string; frames: Blob[][] }) => {
      const form = new FormData();
      form.append("challenge", challenge);
      frames.forEach((step, index) => {
        for (const frame of step) form.append(frameField(index), frame, "frame.jpg");
      });
      return apiRequest<typeof faceVerificationResponse>("/api/verification/face", {
        method: "POST",
        body: form,
      });
    },
    onSuccess: async (result) => {
      if (!result.matched) return;
      await queryClient.invalidateQueries({ queryKey: profileKeys.all });
      await queryClient.invalidateQueries({ queryKey: sessionKeys.all });
      announceProfileRefresh();
    },
  });
}
