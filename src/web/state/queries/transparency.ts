// The transparency report (docs/safety.md "Transparency report"): the years there is one for, a
// year's figures with the moderators' statement, and a moderator's edit of that statement. The
// server answers with `no-cache`, so every read asks it again; after an edit the cached report
// takes the statement the server answered with.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  statementResponse,
  TransparencyReport,
  transparencyReport,
  transparencyYears,
} from "../../../domain/contracts/transparency";
import { ApiRequestError, apiRequest } from "../../lib/api";

export const transparencyKeys = {
  all: ["transparency"] as const,
  years: () => [...transparencyKeys.all, "years"] as const,
  year: (year: number) => [...transparencyKeys.all, "year", year] as const,
};

/** A 4xx (a year without a report) is an answer, not a hiccup to retry. */
const noRetryOn4xx = (failureCount: number, error: Error) =>
  !(error instanceof ApiRequestError && error.status >= 400 && error.status < 500) &&
  failureCount < 3;

export const reportJsonPath = (year: number) => `/api/transparency/${year}`;

export function useTransparencyYearsQuery() {
  return useQuery({
    queryKey: transparencyKeys.years(),
    queryFn: ({ signal }) => apiRequest<typeof transparencyYears>("/api/transparency", { signal }),
    retry: noRetryOn4xx,
  });
}

export function useTransparencyReportQuery(year: number | null) {
  return useQuery({
    queryKey: transparencyKeys.year(year ?? 0),
    queryFn: ({ signal }) =>
      apiRequest<typeof transparencyReport>(reportJsonPath(year ?? 0), { signal }),
    enabled: year !== null,
    retry: noRetryOn4xx,
  });
}

/** A moderator sets the year's statement; an empty one removes it. */
export function useStatementMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ year, statement }: { year: number; statement: string }) =>
      apiRequest<typeof statementResponse>(`/api/admin/transparency/${year}`, {
        method: "PUT",
        body: { statement },
      }),
    onSuccess: (saved) => {
      queryClient.setQueryData<TransparencyReport>(transparencyKeys.year(saved.year), (report) =>
        report ? { ...report, statement: saved.statement } : report,
      );
    },
  });
}
