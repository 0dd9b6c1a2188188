// The feed dataset's shape: who follows whom (a median of ~45 followees, a few readers following
// thousands, popularity skewed so some authors have 10,000+ followers) and what people post
// (authors skewed, short texts, some with an image).
import { shuffle } from "./stats";

export interface FollowGraph {
  /** Follower and followee user indexes, sorted by (follower, followee): primary-key order. */
  follower: Int32Array;
  following: Int32Array;
  count: number;
  /** The indexes of the readers who follow `heavyDegree` accounts. */
  heavy: number[];
}

const gaussian = (next: () => number) =>
  Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next());

/**
 * `total` unique follows among `users` people, no self-follows. Each reader's number of
 * followees is log-normal (σ 0.4, scaled to the total), `heavyCount` readers follow
 * `heavyDegree`; whom they follow is drawn by popularity rank N·u^2.5 over shuffled people.
 */
export function generateFollows(
  users: number,
  total: number,
  heavyCount: number,
  heavyDegree: number,
  next: () => number,
): FollowGraph {
  const popular = shuffle(
    Array.from({ length: users }, (_, i) => i),
    next,
  );
  const readers = shuffle(
    Array.from({ length: users }, (_, i) => i),
    next,
  );
  const heavy = readers.slice(0, heavyCount).sort((a, b) => a - b);
  const heavySet = new Set(heavy);
  const raw = new Float64Array(users);
  let rawSum = 0;
  for (let i = 0; i < users; i++) {
    if (heavySet.has(i)) continue;
    raw[i] = Math.exp(0.4 * gaussian(next));
    rawSum += raw[i] as number;
  }
  const scale = Math.max(0, total - heavyCount * heavyDegree) / rawSum;
  const follower = new Int32Array(total);
  const following = new Int32Array(total);
  let count = 0;
  const chosen = new Set<number>();
  for (let reader = 0; reader < users && count < total; reader++) {
    const want = heavySet.has(reader)
      ? heavyDegree
      : Math.max(1, Math.round((raw[reader] as number) * scale));
    chosen.clear();
    for (let tries = 0; chosen.size < want && tries < want * 20; tries++) {
      const target = popular[Math.floor(users * next() ** 2.5)] as number;
      if (target !== reader) chosen.add(target);
    }
    for (const target of [...chosen].sort((a, b) => a - b)) {
      if (count >= total) break;
      follower[count] = reader;
      following[count++] = target;
    }
  }
  return { follower, following, count, heavy };
}

/** Each post's author (skewed: rank N·u², over people shuffled independently of popularity). */
export function postAuthors(users: number, posts: number, next: () => number): Int32Array {
  const posters = shuffle(
    Array.from({ length: users }, (_, i) => i),
    next,
  );
  const authors = new Int32Array(posts);
  for (let i = 0; i < posts; i++) authors[i] = posters[Math.floor(users * next() ** 2)] as number;
  return authors;
}

/** Post times (seconds since the epoch) spread evenly over the last `days`, oldest first. */
export function postTimes(posts: number, days: number, next: () => number): Float64Array {
  const nowS = Date.now() / 1000;
  const times = new Float64Array(posts);
  for (let i = 0; i < posts; i++) times[i] = nowS - next() * days * 86_400;
  return times.sort();
}

const WORDS = (
  "the a to and of in is it you that for on with this my just so was at be have are not me " +
  "today morning night week weekend coffee work home city game team music song movie book " +
  "friends family love great good new first last best really finally still never always " +
  "happy tired ready excited grateful proud sorry wow yes no maybe think know feel need want " +
  "going back out again here there now soon tomorrow yesterday time year summer winter rain " +
  "sun beach trip road food dinner lunch pizza tacos gym run walk dog cat baby mom dad school " +
  "class exam project launch update news vote church choir party birthday wedding congrats"
).split(" ");
const EXTRAS = ["🔥", "😂", "❤️", "🙏", "💯", "🎉", "#mondaymotivation", "#tbt", "#blessed", "2024"];

/** A short post: 3–30 words, sometimes a capital, an emoji or a hashtag, a full stop or "!". */
export function postText(next: () => number): string {
  const length = 3 + Math.floor(next() ** 1.6 * 28);
  const words: string[] = [];
  for (let i = 0; i < length; i++) words.push(WORDS[Math.floor(next() * WORDS.length)] as string);
  const first = words[0] as string;
  words[0] = first.charAt(0).toUpperCase() + first.slice(1);
  if (next() < 0.3) words.push(EXTRAS[Math.floor(next() * EXTRAS.length)] as string);
  return `${words.join(" ")}${next() < 0.5 ? "." : "!"}`;
}
