/**
 * The Lua scripts of the Redis store, one per decision, each atomic and on Redis's own clock
 * (`TIME`), after rate-limiter-flexible and BullMQ. A gate is two keys under one hash tag:
 * `…:state` (a hash: `paused` until, slow-start `window`, GCRA `tat`, pause `epoch`) and
 * `…:leases` (a sorted set of slots in flight, scored by when their lease ends). A journal is
 * one hash: item key → `status\ttoken\texpires\tpayload`, the rules of `core/journal.ts`.
 */

const NOW_MS = `local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + tonumber(t[2]) / 1000`;

/** KEYS: state, leases. ARGV: maxConcurrency, interval ms, lease ms, lease id. → {1, epoch} | {0, waitMs, paused (1/0)} */
export const ACQUIRE = `${NOW_MS}
local max = tonumber(ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now)
local s = redis.call('HMGET', KEYS[1], 'paused', 'window', 'tat', 'epoch')
local paused = tonumber(s[1]) or 0
if paused > now then return {0, math.ceil(paused - now), 1} end
local window = math.min(tonumber(s[2]) or max, max)
if redis.call('ZCARD', KEYS[2]) >= window then return {0, 0, 0} end
local interval = tonumber(ARGV[2])
if interval > 0 then
  -- GCRA without a burst, as the client's own gate: each start at least one interval after
  -- the one before, from the first.
  local tat = tonumber(s[3]) or 0
  if tat > now then return {0, math.ceil(tat - now), 0} end
  redis.call('HSET', KEYS[1], 'tat', tostring(now + interval))
end
redis.call('ZADD', KEYS[2], now + tonumber(ARGV[3]), ARGV[4])
redis.call('PEXPIRE', KEYS[1], 600000)
redis.call('PEXPIRE', KEYS[2], 600000)
return {1, tonumber(s[4]) or 0}`;

/** KEYS: state, leases. ARGV: lease id, outcome, epoch, maxConcurrency. */
export const RELEASE = `if redis.call('ZREM', KEYS[2], ARGV[1]) == 1 and ARGV[2] == 'ok' then
  local s = redis.call('HMGET', KEYS[1], 'window', 'epoch')
  local window = tonumber(s[1]) or tonumber(ARGV[4])
  if (s[2] or '0') == ARGV[3] and window < tonumber(ARGV[4]) then redis.call('HSET', KEYS[1], 'window', window + 1) end
end
return 1`;

/** KEYS: state. ARGV: pause ms. The longest pause wins; the window closes to 1 and a new epoch starts. */
export const PAUSE = `${NOW_MS}
local untilMs = now + tonumber(ARGV[1])
if untilMs > (tonumber(redis.call('HGET', KEYS[1], 'paused')) or 0) then redis.call('HSET', KEYS[1], 'paused', tostring(untilMs)) end
redis.call('HSET', KEYS[1], 'window', 1)
redis.call('HINCRBY', KEYS[1], 'epoch', 1)
redis.call('PEXPIRE', KEYS[1], math.ceil(tonumber(ARGV[1])) + 600000)
return 1`;

const ENTRY = `local raw = redis.call('HGET', KEYS[1], ARGV[1])
local status, token, expires, payload
if raw then status, token, expires, payload = string.match(raw, '^([^\\t]*)\\t([^\\t]*)\\t([^\\t]*)\\t(.*)$') end`;

/**
 * KEYS: journal. ARGV: item key, new token, lease ms, retryUnknown (1/0), waitedFor, not after
 * (Redis ms; 0: no bound). → {status, token or payload, Redis ms}. A claim that reaches Redis
 * after its sender stopped waiting (Redis was stopped, then resumed) is `late`, and changes
 * nothing: nobody would send the item or record its outcome.
 */
export const CLAIM = `${NOW_MS}
local function answer(status, detail) return {status, detail, math.floor(now)} end
if tonumber(ARGV[6]) > 0 and now > tonumber(ARGV[6]) then return answer('late', '') end
${ENTRY}
local function take()
  redis.call('HSET', KEYS[1], ARGV[1], 'claimed\\t' .. ARGV[2] .. '\\t' .. math.floor(now + tonumber(ARGV[3])) .. '\\t')
  return answer('claimed', ARGV[2])
end
if not raw then return take() end
if status == 'delivered' then return answer('delivered', payload) end
if status == 'claimed' and (tonumber(expires) or 0) > now then return answer('busy', token) end
if status == 'failed' then
  if ARGV[5] == token then return answer('failed', payload) end
  return take()
end
-- A lapsed claim, an unknown outcome, or an entry this script cannot read: the send may have happened.
if ARGV[4] == '1' then return take() end
return answer('unknown', '')`;

/** KEYS: journal. ARGV: item key, token, lease ms. */
export const RENEW = `${NOW_MS}
${ENTRY}
if status == 'claimed' and token == ARGV[2] then
  redis.call('HSET', KEYS[1], ARGV[1], 'claimed\\t' .. token .. '\\t' .. math.floor(now + tonumber(ARGV[3])) .. '\\t')
end
return 1`;

/** KEYS: journal. ARGV: item key, token, status, payload. A delivery, once recorded, stays. */
export const RECORD = `${ENTRY}
if status == 'delivered' then return 0 end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[3] .. '\\t' .. ARGV[2] .. '\\t0\\t' .. ARGV[4])
return 1`;
