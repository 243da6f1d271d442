-- A write call: login and logout in turn on many device sessions (one file of tokens, shared out
-- between wrk's threads), so that every call changes its session's row and is committed (fsync)
-- before it is answered. A token comes round again only after all the thread's others, so its
-- calls do not overtake each other.
-- The account: BENCH_USER / BENCH_PASSWORD (bob of `team` unless told).
local user = os.getenv("BENCH_USER") or "bob@example.com"
local password = os.getenv("BENCH_PASSWORD") or "bob-pass"
local login = '{"type":"set","name":"pims.authentication.user","params":{"action":"login","username":"' .. user .. '","password":"' .. password .. '"}}'
local logout = '{"type":"set","name":"pims.authentication.user","params":{"action":"logout"}}'
local count = 0

function setup(thread)
  count = count + 1
  thread:set("id", count - 1)
  thread:set("threads", tonumber(os.getenv("BENCH_THREADS")))
end

local mine, loggedIn, next = {}, {}, 0

function init(args)
  local i = 0
  for line in io.lines(os.getenv("BENCH_WRITE_TOKENS")) do
    if i % threads == id then
      table.insert(mine, line)
      table.insert(loggedIn, false)
    end
    i = i + 1
  end
end

function request()
  next = next % #mine + 1
  local body = loggedIn[next] and logout or login
  loggedIn[next] = not loggedIn[next]
  return wrk.format("POST", "/v1/pims", {["Authorization"] = "Bearer " .. mine[next], ["Content-Type"] = "application/json"}, body)
end

function response(status, headers, body)
  if status ~= 200 then error("HTTP " .. status .. ": " .. body) end
end
