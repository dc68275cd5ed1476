/**
 * The Lua scripts of the shared gate, each atomic and on Redis's own clock (`TIME`), after
 * rate-limiter-flexible's GCRA and BullMQ's leases. A gate is three keys under one hash tag:
 * `…:state` (a hash: `paused` until, slow-start `window`, GCRA `tat`, pause `epoch`, `kept`
 * when its expiry was last pushed back, `queued` 1 while the queue may hold a request),
 * `…:leases` (a sorted set of slots, scored by when their lease ends) and `…:queue` (a list
 * of the requests waiting for a slot, in order).
 *
 * The rate is a schedule, not a poll: a grant says when its request starts (`tat`, the
 * theoretical arrival time, moves on by exactly one interval per grant), so the lateness of a
 * timer or a round trip is never added to the interval. A request holds its slot from the
 * grant, so the starts booked ahead are at most the free slots, and at most a second (or one
 * interval, when that is longer) ahead: enough to keep the fleet's pace through a slow
 * response. A pause tells every process holding a slot (see PAUSE).
 *
 * With no rate, a slot left free and no pause, a grant may be kept: its client starts its
 * next request on it without asking (shared-gate.ts, kept-slots.ts), the lease still counted
 * here. A request that finds no slot tells every holder (`r <now>`), and they hand kept
 * slots back at once.
 *
 * A request that cannot have a slot joins the queue (when its process listens for wake-ups)
 * and is handed the next slot freed: the script that frees it grants it and publishes the
 * grant (`g <lease> <epoch> <start, Redis ms, or 0: at once>`) on the waiter's process channel (`…:w:<process>`). A publish nobody received (the
 * process is gone) skips that waiter. So a request costs two commands, its acquire and its
 * release, however long it waits.
 *
 * Every script: KEYS state, leases, queue; ARGV[1] maxConcurrency, [2] interval ms (0: no
 * rate), [3] lease ms, [4] the publish command (`PUBLISH`; `SPUBLISH` on a cluster, where a
 * shard channel lives with the gate's slot); then its own arguments. Lease ids are
 * `<process>|<n>`: the part before `|` names the process channel.
 */

/** What every script reads first: Redis's time and the gate's state. No function is made here: the light path makes none. */
const STATE = `local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + tonumber(t[2]) / 1000
local s = redis.call('HMGET', KEYS[1], 'paused', 'window', 'tat', 'epoch', 'kept', 'queued')
local paused = tonumber(s[1]) or 0
local max = tonumber(ARGV[1])
local window = math.min(tonumber(s[2]) or max, max)
local tat = tonumber(s[3]) or 0
local epoch = tonumber(s[4]) or 0
local kept = tonumber(s[5]) or 0
-- Whether some request waits in the queue: marked in the state, so the light path needs no LLEN.
local queued = s[6] == '1'
local interval = tonumber(ARGV[2])
local leaseMs = tonumber(ARGV[3])
local horizon = math.max(interval, 1000)`;

/** The keys' expiry pushed back at most once a minute: a gate nobody uses vanishes in 10. */
const KEEP = `if now - kept >= 60000 then
  redis.call('HSET', KEYS[1], 'kept', tostring(now))
  for i = 1, 3 do redis.call('PEXPIRE', KEYS[i], 600000) end
end`;

/** A grant of a slot from `start` to lease ARGV[5] (`busy` counted before it): its answer. */
const GRANT = `if interval > 0 then redis.call('HSET', KEYS[1], 'tat', tostring(start + interval)) end
redis.call('ZADD', KEYS[2], start + leaseMs, ARGV[5])
${KEEP}
local startAt, full, keep = 0, 0, 0
if start > now then startAt = math.ceil(start) end
if busy + 1 >= window then full = 1 end
-- A slot left free, no rate to book starts on, no slow start after a pause: the client may
-- keep this slot for its next request (shared-gate.ts), until someone waits ('r').
if full == 0 and interval == 0 and window >= max then keep = 1 end
return {1, epoch, startAt, math.floor(now), full, keep}`;

/** What the scripts that hand slots to the queue share. */
const TOOLS = `local base = string.sub(KEYS[1], 1, -7)
local function channel(id) return base .. ':w:' .. (string.match(id, '^(.*)|') or id) end
-- A start as a grant states it: its time on Redis's clock, or 0 for at once.
local function starting(start) if start > now then return math.ceil(start) end return 0 end
-- Tells 'message' once to each process of 'ids' (but those in 'told', which it adds them to).
local function tell(ids, message, told)
  for _, id in ipairs(ids) do
    local to = channel(id)
    if not told[to] then
      told[to] = true
      redis.call(ARGV[4], to, message)
    end
  end
end
-- Tells 'message' once to every process holding a slot (but those in 'told').
local function tellHolders(message, told) tell(redis.call('ZRANGE', KEYS[2], 0, -1), message, told) end
-- Hands freed slots to the queue, first come first served, each with its start.
local function serve()
  if paused > now or not queued then return end
  -- The slots of processes that died (their leases ended) go to the queue too: counting them
  -- only when an acquire finds every slot taken left them taken while the queue kept a
  -- request (a kept slot of a killed process, store-kept.test.ts).
  redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now)
  local busy = redis.call('ZCARD', KEYS[2])
  local scheduled = false
  while busy < window do
    local id = redis.call('LPOP', KEYS[3])
    if not id then break end
    local start = math.max(tat, now)
    if interval > 0 and start - now > horizon then
      redis.call('LPUSH', KEYS[3], id)
      break
    end
    if redis.call(ARGV[4], channel(id), 'g ' .. id .. ' ' .. epoch .. ' ' .. starting(start)) > 0 then
      if interval > 0 then
        tat = start + interval
        scheduled = true
      end
      redis.call('ZADD', KEYS[2], start + leaseMs, id)
      busy = busy + 1
    end
  end
  if scheduled then redis.call('HSET', KEYS[1], 'tat', tostring(tat)) end
  if redis.call('LLEN', KEYS[3]) == 0 then
    queued = false
    redis.call('HSET', KEYS[1], 'queued', 0)
  end
end`;

/** Frees the slots handed back in ARGV from \`first\` on (triples: lease id, outcome, epoch). */
const RELEASED = `for i = first, #ARGV, 3 do
  if redis.call('ZREM', KEYS[2], ARGV[i]) == 1 and ARGV[i + 1] == 'ok' and tonumber(ARGV[i + 2]) == epoch and window < max then
    window = window + 1
    redis.call('HSET', KEYS[1], 'window', window)
  end
end`;

/**
 * ARGV[5] lease id, [6] 1 when its process is listening for wake-ups (it may queue), [7] not
 * after (Redis ms; 0: no bound), [8…] the client's releases it carries (as RELEASE's).
 * → {1, epoch, start (Redis ms; 0: at once), now, full, keep} granted | {2, 0, 0, now, 1} queued |
 * {0, ask again in ms, paused (1/0), now, 1} | {3, 0, 0, now, 1} too late: its sender gave
 * up before Redis ran it, nothing is taken. `full`: no slot is left free, or some wait;
 * `keep` 1: the client may keep the slot for its next request.
 */
export const ACQUIRE = `${STATE}
local first = 8
${RELEASED}
local notAfter = tonumber(ARGV[7])
if notAfter > 0 and now > notAfter then return {3, 0, 0, math.floor(now), 1} end
local busy = redis.call('ZCARD', KEYS[2])
-- The light path, most requests' when nobody waits: not paused, a slot free, no queue, the start near.
if paused <= now and not queued and busy < window and (interval == 0 or tat - now <= horizon) then
  local start = math.max(tat, now)
  if interval == 0 then start = now end
  ${GRANT}
end
${TOOLS}
local at = math.floor(now)
if paused > now then return {0, math.ceil(paused - now), 1, at, 1} end
if busy >= window then
  -- Leases whose holder died are looked for only when the slots seem full.
  redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now)
  busy = redis.call('ZCARD', KEYS[2])
end
if queued and busy < window then
  serve()
  busy = redis.call('ZCARD', KEYS[2])
end
local wait = 0
if busy < window and not queued then
  local start = math.max(tat, now)
  if interval == 0 then start = now end
  if start - now <= horizon then
    ${GRANT}
  end
  wait = start - now - horizon
end
-- No slot for this request: the processes keeping one for their next request give it up
-- ('r <now>': no grant answered until now may be kept), once per queue.
if ARGV[6] == '1' then
  redis.call('RPUSH', KEYS[3], ARGV[5])
  if not queued then
    redis.call('HSET', KEYS[1], 'queued', 1)
    tellHolders('r ' .. at, {})
  end
  ${KEEP}
  return {2, 0, 0, at, 1}
end
if busy >= window then tellHolders('r ' .. at, {}) end
return {0, math.ceil(wait), 0, at, 1}`;

/**
 * ARGV[5…] triples: lease id, outcome (`ok`, `limited`, `failed`), the epoch it was granted
 * in. Frees each slot (an `ok` of the current epoch widens the window after a pause, as the
 * client's own gate does), then hands freed slots to the queue.
 */
export const RELEASE = `${STATE}
${TOOLS}
local first = 5
${RELEASED}
serve()
-- Off the request's path: the slots' and the queue's expiry pushed back at every release, so
-- keys left by processes that died vanish with the gate.
redis.call('PEXPIRE', KEYS[2], 600000)
redis.call('PEXPIRE', KEYS[3], 600000)
return 1`;

/**
 * ARGV[5] pause ms. The longest pause wins; the window closes to 1 and a new epoch starts.
 * Every process with a request in the queue or holding a slot (a start booked ahead, a slot
 * kept) is told (`p <ms> <now>`); the queue is emptied: its requests ask again when the
 * pause ends.
 */
export const PAUSE = `${STATE}
${TOOLS}
local untilMs = now + tonumber(ARGV[5])
if untilMs > paused then redis.call('HSET', KEYS[1], 'paused', tostring(untilMs)) end
redis.call('HSET', KEYS[1], 'window', 1)
redis.call('HINCRBY', KEYS[1], 'epoch', 1)
redis.call('PEXPIRE', KEYS[1], math.ceil(tonumber(ARGV[5])) + 600000)
local told = {}
local message = 'p ' .. math.ceil(math.max(untilMs, paused) - now) .. ' ' .. math.floor(now)
tell(redis.call('LRANGE', KEYS[3], 0, -1), message, told)
redis.call('DEL', KEYS[3])
redis.call('HSET', KEYS[1], 'queued', 0)
tellHolders(message, told)
return 1`;

/** ARGV[5] lease id: a waiter that gives up leaves the queue; if it was granted meanwhile, its slot goes on to the next. */
export const CANCEL = `${STATE}
${TOOLS}
if redis.call('LREM', KEYS[3], 1, ARGV[5]) == 0 and redis.call('ZREM', KEYS[2], ARGV[5]) == 1 then serve() end
return 1`;

/**
 * ARGV[5] lease id: a waiter that heard nothing for long (a wake-up lost with a connection)
 * asks where it stands, serving the queue first. → {1, epoch, start (Redis ms), now} granted |
 * {2, 0, 0, now} still queued | {0, 0, 0, now} neither (ask again).
 */
export const CHECK = `${STATE}
${TOOLS}
serve()
local at = math.floor(now)
local score = redis.call('ZSCORE', KEYS[2], ARGV[5])
if score then return {1, epoch, starting(tonumber(score) - leaseMs), at} end
if redis.call('LPOS', KEYS[3], ARGV[5]) then return {2, 0, 0, at} end
return {0, 0, 0, at}`;

/**
 * ARGV[5…] lease ids: the slots a client took on its own gate while Redis was silent, counted
 * in Redis when it rejoins, before it takes more (they end with their requests, or their lease).
 */
export const ADOPT = `${STATE}
for i = 5, #ARGV do redis.call('ZADD', KEYS[2], now + leaseMs, ARGV[i]) end
${KEEP}
return 1`;
