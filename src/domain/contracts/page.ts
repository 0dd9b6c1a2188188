// One shape for every keyset-paginated list: `?cursor=&limit=` in, `{ items, nextCursor }` out.
import { z } from "zod";

export const pageQueryOf = (limits: { default: number; max: number }) =>
  z.object({
    cursor: z.string().max(200).optional(),
    limit: z.coerce.number().int().min(1).max(limits.max).default(limits.default),
  });

export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), nextCursor: z.string().nullable() });
