// A person's muted words (docs/safety.md "Muted words"): listed with whether each still applies,
// added (at most MUTED_WORDS_MAX, one per key), changed or renewed, removed. Each change publishes
// mutedWords.changed, which drops the copy of the person's entries every instance may keep
// (policy/muted-word-cache.ts); the entries are applied as each answer is presented
// (policy/muted-words.ts).
import type { MutedWordView } from "../../../domain/contracts/muted-words";
import { ERROR_CODES } from "../../../domain/error-codes";
import {
  expiryOf,
  MUTED_WORDS_MAX,
  type MutedWordContext,
  type MutedWordDuration,
  type ParsedMutedWord,
} from "../../../domain/muted-words";
import type { AppContext } from "../../context";
import type { Db } from "../../db/client";
import { conflict } from "../../errors";
import { missing } from "../../policy/access";
import {
  deleteMutedWordRow,
  findMutedWordRow,
  insertMutedWordRow,
  listMutedWordRows,
  lockMutedWordsOf,
  type MutedWordRow,
  updateMutedWordRow,
} from "./muted-word-queries";

function present(row: MutedWordRow, now: Date): MutedWordView {
  return {
    id: row.id,
    text: row.text,
    contexts: row.contexts,
    duration: row.duration,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    expired: row.expiresAt !== null && row.expiresAt <= now,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listMutedWords(db: Db, { userId, now }: { userId: string; now: Date }) {
  return { items: (await listMutedWordRows(db, userId)).map((row) => present(row, now)) };
}

/** One entry of the person's, as listed (a repeated add's answer). */
export async function mutedWordOf(
  db: Db,
  { userId, id, now }: { userId: string; id: string; now: Date },
): Promise<MutedWordView> {
  const row = await findMutedWordRow(db, { userId, id });
  if (!row) throw missing("muted word");
  return present(row, now);
}

/** The new entry's id; 409 for a second entry with the same key or past the limit. */
export async function addMutedWord(
  deps: Pick<AppContext, "outbox">,
  input: {
    userId: string;
    text: ParsedMutedWord;
    contexts: MutedWordContext[];
    duration: MutedWordDuration;
    now: Date;
  },
): Promise<string> {
  const parsed = input.text;
  return deps.outbox.transaction(async (tx, fx) => {
    if ((await lockMutedWordsOf(tx, input.userId)) >= MUTED_WORDS_MAX) {
      throw conflict(
        ERROR_CODES.conflict,
        `You can mute at most ${MUTED_WORDS_MAX} words. Remove one first.`,
      );
    }
    const row = await insertMutedWordRow(tx, {
      userId: input.userId,
      text: parsed.text,
      key: parsed.key,
      contexts: input.contexts,
      duration: input.duration,
      expiresAt: expiryOf(input.duration, input.now),
      createdAt: input.now,
    });
    if (!row) throw conflict(ERROR_CODES.conflict, `You already muted “${parsed.text}”.`);
    fx.publishAfterCommit(changed(input.userId));
    return row.id;
  });
}

/** Where it applies, and a new duration counted from `now` (renewing an expired entry). */
export async function changeMutedWord(
  deps: Pick<AppContext, "outbox">,
  input: {
    userId: string;
    id: string;
    contexts?: MutedWordContext[] | undefined;
    duration?: MutedWordDuration | undefined;
    now: Date;
  },
): Promise<MutedWordView> {
  const row = await deps.outbox.statement(async (db, fx) => {
    const updated = await updateMutedWordRow(db, {
      userId: input.userId,
      id: input.id,
      ...(input.contexts ? { contexts: input.contexts } : {}),
      ...(input.duration
        ? { duration: input.duration, expiresAt: expiryOf(input.duration, input.now) }
        : {}),
    });
    if (updated) fx.publishAfterCommit(changed(input.userId));
    return updated;
  });
  if (!row) throw missing("muted word");
  return present(row, input.now);
}

/** Removing an entry that is gone already answers as the first removal did. */
export async function removeMutedWord(
  deps: Pick<AppContext, "outbox">,
  owned: { userId: string; id: string },
) {
  await deps.outbox.statement(async (db, fx) => {
    await deleteMutedWordRow(db, owned);
    fx.publishAfterCommit(changed(owned.userId));
  });
}

const changed = (userId: string) => ({ type: "mutedWords.changed" as const, userId });
