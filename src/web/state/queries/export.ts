// 'Download my data' (docs/accounts.md "Your data"): the person's latest export, polled while it
// builds (the state is on the server, so a reload picks it up), and asking for a new one.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { exportStateResponse } from "../../../domain/contracts/export";
import { apiRequest } from "../../lib/api";
import { accountKeys } from "./account";

/** How often a building export's progress is asked for. */
export const EXPORT_POLL_MS = 2_000;

export const exportKeys = {
  state: () => [...accountKeys.all, "export"] as const,
};

export function useExportQuery() {
  return useQuery({
    queryKey: exportKeys.state(),
    queryFn: ({ signal }) =>
      apiRequest<typeof exportStateResponse>("/api/account/export", { signal }),
    refetchInterval: (query) =>
      query.state.data?.export?.status === "building" ? EXPORT_POLL_MS : false,
  });
}

export function useRequestExportMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest<typeof exportStateResponse>("/api/account/export", { method: "POST" }),
    onSuccess: (state) => queryClient.setQueryData(exportKeys.state(), state),
  });
}
