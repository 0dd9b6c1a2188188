// Shapes of /api/usernames/* (spec-2 §2 Reserve Username dialog, §4 availability).
import { z } from "zod";

export const usernameParams = z.object({ name: z.string().max(64) });

export const availabilityResponse = z.object({
  name: z.string(),
  available: z.boolean(),
  reason: z.enum(["required", "invalid", "length", "reserved", "taken"]).nullable(),
  tier: z.object({ lookupKey: z.string(), label: z.string(), yearlyUsd: z.number() }).nullable(),
});
export type Availability = z.infer<typeof availabilityResponse>;
