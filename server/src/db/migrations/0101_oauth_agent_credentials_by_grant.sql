-- Connected apps and remembered consent leave out agent credentials' grants with a NOT EXISTS
-- on the grant (queries/oauth-server-records.ts): that lookup needs its own index.
CREATE INDEX oauth_agent_credentials_grant ON oauth_agent_credentials (project_id, grant_id);
