-- The project fields Stack Auth's project read has beside the two logos: dark-mode variants of
-- both, where the dashboard's onboarding stands (a project made through the API is past it),
-- and whether the project was created as a development environment.
ALTER TABLE projects ADD COLUMN logo_dark_mode_url text;
ALTER TABLE projects ADD COLUMN logo_full_dark_mode_url text;
ALTER TABLE projects ADD COLUMN onboarding_status text NOT NULL DEFAULT 'completed';
ALTER TABLE projects ADD COLUMN is_development_environment boolean NOT NULL DEFAULT false;
