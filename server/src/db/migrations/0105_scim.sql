-- SCIM 2.0 provisioning (RFC 7643/7644) per team (services/scim/). A directory belongs to one
-- team of a project; the company's identity provider (Okta, Entra ID...) creates, changes and
-- removes that team's people through it, with a bearer token of its own.

-- The token is stored as a SHA-256 digest only (crypto/secret-hash.ts): shown once when the
-- directory is created or the token rotated. NULL while revoked: the directory stays, with its
-- users and groups, but nothing can call it until a new token is made.
CREATE TABLE scim_directories (
  project_id text NOT NULL,
  branch_id text NOT NULL,
  id uuid NOT NULL,
  team_id uuid NOT NULL,
  display_name text NOT NULL,
  token_hash text,
  token_hint text,
  token_created_at timestamptz,
  last_used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (project_id, branch_id, id),
  FOREIGN KEY (project_id, branch_id, team_id) REFERENCES teams (project_id, branch_id, id) ON DELETE CASCADE,
  CHECK ((token_hash IS NULL) = (token_created_at IS NULL))
);
-- A presented token finds its directory (and so its project and team) by digest.
CREATE UNIQUE INDEX scim_directories_token ON scim_directories (token_hash) WHERE token_hash IS NOT NULL;
CREATE INDEX scim_directories_team ON scim_directories (project_id, branch_id, team_id);

-- A Gatehouse user as one directory knows them. The SCIM id is the user's id. `created_user`:
-- this directory made the Gatehouse user (DELETE then deletes it when it is in no other team);
-- otherwise an existing user was linked by e-mail, and DELETE only unlinks. `attributes`
-- keeps the SCIM attributes Gatehouse has no column for (name, title, phone numbers...), as sent.
CREATE TABLE scim_users (
  project_id text NOT NULL,
  branch_id text NOT NULL,
  directory_id uuid NOT NULL,
  user_id uuid NOT NULL,
  user_name text NOT NULL,
  external_id text,
  display_name text,
  email text,
  active boolean NOT NULL DEFAULT true,
  created_user boolean NOT NULL,
  attributes jsonb NOT NULL DEFAULT '{}'::jsonb,
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (project_id, branch_id, directory_id, user_id),
  FOREIGN KEY (project_id, branch_id, directory_id) REFERENCES scim_directories (project_id, branch_id, id) ON DELETE CASCADE,
  FOREIGN KEY (project_id, branch_id, user_id) REFERENCES users (project_id, branch_id, id) ON DELETE CASCADE
);
-- userName is unique per directory, compared without case (RFC 7643 §4.1.1: caseExact false).
CREATE UNIQUE INDEX scim_users_user_name ON scim_users (project_id, branch_id, directory_id, lower(user_name));
CREATE INDEX scim_users_external_id ON scim_users (project_id, branch_id, directory_id, external_id) WHERE external_id IS NOT NULL;
CREATE INDEX scim_users_email ON scim_users (project_id, branch_id, directory_id, lower(email)) WHERE email IS NOT NULL;
CREATE INDEX scim_users_user ON scim_users (project_id, branch_id, user_id);

-- A directory's groups. `permission_ids`: the team permissions the group's members hold
-- (set by the project's admin); an unmapped group ([]) is kept with its members only.
CREATE TABLE scim_groups (
  project_id text NOT NULL,
  branch_id text NOT NULL,
  directory_id uuid NOT NULL,
  id uuid NOT NULL,
  display_name text NOT NULL,
  external_id text,
  permission_ids jsonb NOT NULL DEFAULT '[]'::jsonb,
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (project_id, branch_id, directory_id, id),
  FOREIGN KEY (project_id, branch_id, directory_id) REFERENCES scim_directories (project_id, branch_id, id) ON DELETE CASCADE
);
CREATE UNIQUE INDEX scim_groups_display_name ON scim_groups (project_id, branch_id, directory_id, lower(display_name));

CREATE TABLE scim_group_members (
  project_id text NOT NULL,
  branch_id text NOT NULL,
  directory_id uuid NOT NULL,
  group_id uuid NOT NULL,
  user_id uuid NOT NULL,
  PRIMARY KEY (project_id, branch_id, directory_id, group_id, user_id),
  FOREIGN KEY (project_id, branch_id, directory_id, group_id) REFERENCES scim_groups (project_id, branch_id, directory_id, id) ON DELETE CASCADE,
  FOREIGN KEY (project_id, branch_id, directory_id, user_id) REFERENCES scim_users (project_id, branch_id, directory_id, user_id) ON DELETE CASCADE
);
CREATE INDEX scim_group_members_user ON scim_group_members (project_id, branch_id, directory_id, user_id);

-- The team permission grants a directory made because of group membership, so that it takes
-- back only what it gave: a grant the user already held (the team's defaults, an admin's) is
-- not recorded and never revoked by the directory. It goes with the membership it belongs to.
CREATE TABLE scim_permission_grants (
  project_id text NOT NULL,
  branch_id text NOT NULL,
  directory_id uuid NOT NULL,
  team_id uuid NOT NULL,
  user_id uuid NOT NULL,
  permission_id text NOT NULL,
  PRIMARY KEY (project_id, branch_id, directory_id, user_id, permission_id),
  FOREIGN KEY (project_id, branch_id, directory_id) REFERENCES scim_directories (project_id, branch_id, id) ON DELETE CASCADE,
  FOREIGN KEY (project_id, branch_id, team_id, user_id) REFERENCES team_members (project_id, branch_id, team_id, user_id) ON DELETE CASCADE
);
