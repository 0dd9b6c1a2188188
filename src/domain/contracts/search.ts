// Shapes of /api/search/* (spec-1 §2 header search box, §9: show 15).
import { z } from "zod";
import { personSummary } from "./follows";

export const PEOPLE_SEARCH_LIMIT = 15;

export const peopleSearchQuery = z.object({ q: z.string().max(100).default("") });

export const peopleSearchResponse = z.object({
  items: z.array(personSummary.extend({ following: z.boolean() })),
});
