// Shapes of /api/safety/muted-words (docs/safety.md "Muted words"): a person's list, an entry
// added, changed (where it applies, or renewed for a new duration) and removed.
import { z } from "zod";
import {
  MUTED_WORD_CONTEXTS,
  MUTED_WORD_DURATIONS,
  MUTED_WORD_MAX_LENGTH,
  parseMutedWord,
} from "../muted-words";

const PROBLEMS = {
  empty: "Write a word, a phrase or a #hashtag.",
  too_long: `A muted word is at most ${MUTED_WORD_MAX_LENGTH} characters.`,
  bad_tag: "A hashtag is # and letters, digits or _, with no space.",
} as const;

const mutedWordContext = z.enum(MUTED_WORD_CONTEXTS);

/** Where an entry applies: at least one place, each once, in the one order. */
const contextsField = z
  .array(mutedWordContext)
  .min(1, { message: "Choose where it applies." })
  .max(MUTED_WORD_CONTEXTS.length)
  .transform((chosen) => MUTED_WORD_CONTEXTS.filter((c) => chosen.includes(c)));

const durationField = z.enum(MUTED_WORD_DURATIONS);

/** The entry as kept (muted-words.ts `parseMutedWord`), or the reason it cannot be one. */
export const mutedWordText = z
  .string()
  .max(MUTED_WORD_MAX_LENGTH * 4, { message: PROBLEMS.too_long })
  .transform((raw, check) => {
    const parsed = parseMutedWord(raw);
    if (typeof parsed !== "string") return parsed;
    check.addIssue({ code: "custom", message: PROBLEMS[parsed] });
    return z.NEVER;
  });

export const addMutedWordBody = z.object({
  text: mutedWordText,
  contexts: contextsField,
  duration: durationField,
});
export type AddMutedWordBody = z.input<typeof addMutedWordBody>;

/** Either or both: where it applies now, and a new duration counted from now (renewing). */
export const changeMutedWordBody = z
  .object({ contexts: contextsField.optional(), duration: durationField.optional() })
  .refine((b) => b.contexts !== undefined || b.duration !== undefined, {
    message: "Change where it applies or how long it lasts.",
  });
export type ChangeMutedWordBody = z.input<typeof changeMutedWordBody>;

export const mutedWordParams = z.object({ id: z.uuid({ message: "Muted word not found" }) });

export const mutedWordView = z.object({
  id: z.string(),
  /** As written. */
  text: z.string(),
  contexts: z.array(mutedWordContext),
  /** How long it was last chosen for; Renew chooses it again. */
  duration: durationField,
  /** null: never. */
  expiresAt: z.string().nullable(),
  /** Past its expiry: listed, no longer applied, may be renewed. */
  expired: z.boolean(),
  createdAt: z.string(),
});
export type MutedWordView = z.infer<typeof mutedWordView>;

/** The whole list (at most MUTED_WORDS_MAX), newest first. */
export const mutedWordsResponse = z.object({ items: z.array(mutedWordView) });
export const mutedWordResponse = z.object({ mutedWord: mutedWordView });
