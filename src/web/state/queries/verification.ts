// Face verification (spec-2 §2, §5): the capture goes to the server, which decides; a match
// changes the badge, so cached profiles and the session are refreshed and other pages are told.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { faceVerificationResponse } from "../../../domain/contracts/verification";
import { apiRequest } from "../../lib/api";
import { announceProfileRefresh } from "../../lib/profile-refresh";
import { profileKeys } from "./profiles";
import { sessionKeys } from "./session";

export function useFaceVerificationMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (capture: Blob) => {
      const form = new FormData();
      form.append("file", capture, "capture.jpg");
      return apiRequest("/api/verification/face", {
        method: "POST",
        body: form,
        schema: faceVerificationResponse,
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
