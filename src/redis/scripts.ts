/**
 * The Lua scripts of the Redis journal, one per decision, each atomic and on Redis's own clock
 * (`TIME`), after BullMQ's leases. A journal is one hash: item key →
 * `status\ttoken\texpires\tpayload`, the rules of `core/journal.ts`. (The gate's are
 * `gate-scripts.ts`.)
 */

const NOW_MS = `local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + tonumber(t[2]) / 1000`;

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
