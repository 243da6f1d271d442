-- The read call of read.lua, answered by the path behind NIO's HTTP/1 decoder (`EventLoopCalls`)
-- instead of the raw-bytes reader (`WireCalls`): its Content-Length is written with leading zeros
-- to six characters, which the bytes reader leaves to the decoder (it takes up to five), and a
-- connection the decoder has read from stays the decoder's. The same call, the same answer.
local token = os.getenv("BENCH_READ_TOKEN")
local body = '{"type":"get","name":"pims.authentication.trustedphonenumber"}'

function request()
  return wrk.format("POST", "/v1/pims", {["Authorization"] = "Bearer " .. token, ["Content-Type"] = "application/json",
                                         ["Content-Length"] = string.format("%06d", #body)}, body)
end
