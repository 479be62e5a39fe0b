import type { RedisAccess } from '../../../publish/redis-version-store.ts'
import { requestsConnection, whileRedisAnswers } from '../../../server/redis/redis-connections.ts'

/** The server's own Redis access (server/compose/version-store-service.ts hands the same to the store). */
export const redisAccess = (url: string): RedisAccess => ({ url, connect: requestsConnection, whileAnswers: whileRedisAnswers })
