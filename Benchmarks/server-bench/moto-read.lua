-- moto's nearest read: Cognito AdminGetUser on one user (moto checks no signature; the credential
-- scope names the region).
local pool = os.getenv("BENCH_POOL")
local body = '{"UserPoolId":"' .. pool .. '","Username":"bob@example.com"}'
local headers = {
  ["Content-Type"] = "application/x-amz-json-1.1",
  ["X-Amz-Target"] = "AWSCognitoIdentityProviderService.AdminGetUser",
  ["Authorization"] = "AWS4-HMAC-SHA256 Credential=bench/20260105/us-east-1/cognito-idp/aws4_request, SignedHeaders=host, Signature=0",
}

function request()
  return wrk.format("POST", "/", headers, body)
end

function response(status, headers, body)
  if status ~= 200 then error("HTTP " .. status .. ": " .. body) end
end
