// Shapes of /api/activity/* (spec-2 §3 activity entries).
import { z } from "zod";

export const unreadCountResponse = z.object({ count: z.number().int().min(0) });
