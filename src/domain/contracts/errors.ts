// The one error shape every API answer uses (ARCHITECTURE.md, "Contracts").
import { z } from "zod";

export const apiErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.array(z.string())).optional(),
    retryAfter: z.number().optional(),
    /** This request's id, as in its X-Request-Id header and log lines (docs/operations.md "Logs"). */
    requestId: z.string().optional(),
  }),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
