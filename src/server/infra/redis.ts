// One Redis connection when REDIS_URL is set (rate limits now; realtime fan-out later).
import { Redis } from "ioredis";

export async function connectRedis(url: string | undefined): Promise<Redis | undefined> {
  if (!url) return undefined;
  const redis = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 2,
    enableOfflineQueue: false,
  });
  try {
    await redis.connect();
  } catch (error) {
    // No reconnecting in the background: the caller decides whether to ask again.
    redis.disconnect();
    throw error;
  }
  return redis;
}
