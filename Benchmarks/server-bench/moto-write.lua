-- moto's nearest write: Cognito AdminUpdateUserAttributes on one user, the phone number in turn.
local pool = os.getenv("BENCH_POOL")
local headers = {
  ["Content-Type"] = "application/x-amz-json-1.1",
  ["X-Amz-Target"] = "AWSCognitoIdentityProviderService.AdminUpdateUserAttributes",
  ["Authorization"] = "AWS4-HMAC-SHA256 Credential=bench/20260105/us-east-1/cognito-idp/aws4_request, SignedHeaders=host, Signature=0",
}
local n = 0

function request()
  n = n + 1
  local body = '{"UserPoolId":"' .. pool .. '","Username":"bob@example.com","UserAttributes":[{"Name":"phone_number","Value":"+3369876' .. string.format("%04d", n % 10000) .. '"}]}'
  return wrk.format("POST", "/", headers, body)
end

function response(status, headers, body)
  if status ~= 200 then error("HTTP " .. status .. ": " .. body) end
end
