-- The read call of read.lua, answered by the path behind NIO's HTTP/1 decoder (`EventLoopCalls`)
-- instead of the raw-bytes reader (`WireCalls`): its Content-Length is written with leading zeros
-- to six characters, which the bytes reader leaves to the decoder (it takes up to five), and a
-- connection the decoder has read from stays the decoder's. The same call, the same answer. The
-- request is written here whole: wrk.format sets Content-Length itself, without the zeros.
local token = os.getenv("BENCH_READ_TOKEN")
local body = '{"type":"get","name":"pims.authentication.trustedphonenumber"}'
local req

function init(args)
  req = "POST /v1/pims HTTP/1.1\r\nHost: " .. wrk.headers["Host"] .. "\r\nAuthorization: Bearer " .. token
    .. "\r\nContent-Type: application/json\r\nContent-Length: " .. string.format("%06d", #body) .. "\r\n\r\n" .. body
end

function request()
  return req
end
