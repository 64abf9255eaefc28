-- Team invitations are verification codes of purpose 'team_invitation' that name their team.
-- The team is a real column so that deleting a team deletes its invitations in the same
-- statement, and so that a team's invitations are found through an index.
ALTER TABLE verification_codes ADD COLUMN team_id uuid;

ALTER TABLE verification_codes
  ADD CONSTRAINT verification_codes_team_fk
  FOREIGN KEY (project_id, branch_id, team_id) REFERENCES teams (project_id, branch_id, id) ON DELETE CASCADE;

CREATE INDEX verification_codes_team_idx ON verification_codes (project_id, branch_id, team_id) WHERE team_id IS NOT NULL;

-- Invitations received by a user are found by the recipient's address.
CREATE INDEX verification_codes_recipient_idx ON verification_codes (project_id, branch_id, purpose, email) WHERE used_at IS NULL;
