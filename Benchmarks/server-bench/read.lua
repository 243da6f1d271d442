-- A read call: get the trusted phone number on one logged-in device session. No state changes
-- (the transaction counter is kept in memory and written once per 1000 ids).
local token = os.getenv("BENCH_READ_TOKEN")
local body = '{"type":"get","name":"pims.authentication.trustedphonenumber"}'

function request()
  return wrk.format("POST", "/v1/pims", {["Authorization"] = "Bearer " .. token, ["Content-Type"] = "application/json"}, body)
end
