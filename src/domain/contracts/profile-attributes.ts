// spec-2 §3's personal attributes as one schema: its own file so that audiences.ts (who sees each
// attribute) and profiles.ts (the profile's shapes, which use the audiences) share it without
// importing each other.
import { z } from "zod";

/** spec-2 §3 personal attributes, keyed by the spec's field names (null when not given). */
export const attributeValues = z.object({
  country: z.string().nullable(),
  state: z.string().nullable(),
  county: z.string().nullable(),
  city: z.string().nullable(),
  age: z.number().int().nullable(),
  gender: z.string().nullable(),
  race: z.string().nullable(),
  sexuality: z.string().nullable(),
  zodiac: z.string().nullable(),
  body_types: z.string().nullable(),
  height: z.string().nullable(),
  relationship_status: z.string().nullable(),
  kids: z.string().nullable(),
  occupation: z.string().nullable(),
  military_branch: z.string().nullable(),
  military_base: z.string().nullable(),
  university: z.string().nullable(),
  hbcu: z.string().nullable(),
  salary: z.string().nullable(),
  networth: z.string().nullable(),
  greek: z.string().nullable(),
  religion: z.string().nullable(),
  education: z.string().nullable(),
  causes: z.string().nullable(),
});
export type ProfileAttributes = z.infer<typeof attributeValues>;
