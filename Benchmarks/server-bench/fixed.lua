-- One request, the same every time, from the environment: BENCH_METHOD, BENCH_PATH, BENCH_BODY (may
-- be empty) and BENCH_HEADERS (lines of `Name: value`). The Auth API's signed requests are made once
-- (authapi-compare.sh), their FT-Date kept valid by serve --auth-date-skew 0.
local method, path, body = os.getenv("BENCH_METHOD"), os.getenv("BENCH_PATH"), os.getenv("BENCH_BODY")
local headers = {}
for line in string.gmatch(os.getenv("BENCH_HEADERS") or "", "[^\n]+") do
  local name, value = string.match(line, "^([^:]+):%s*(.*)$")
  headers[name] = value
end
if body == "" then body = nil end

function request()
  return wrk.format(method, path, headers, body)
end
