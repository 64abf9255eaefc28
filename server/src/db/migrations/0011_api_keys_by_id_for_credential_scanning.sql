-- POST /integrations/credential-scanning/revoke finds a leaked key by the id its value
-- carries, before it knows the key's project.
CREATE INDEX api_keys_by_id ON api_keys (id);
