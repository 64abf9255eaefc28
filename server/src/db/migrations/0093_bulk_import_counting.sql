-- The importer (services/import/) writes users, their e-mails and teams a batch at a time and
-- adds each batch to the counters in one statement, as recount_metrics would; inside its
-- transaction, and only there (it sets gatehouse.bulk_import with SET LOCAL semantics), the
-- row-by-row counting triggers stand aside. A trigger's WHEN is checked without calling its
-- function, so everyone else's writes pay next to nothing for it.
DROP TRIGGER users_counted ON users;
CREATE TRIGGER users_counted AFTER INSERT OR DELETE ON users FOR EACH ROW
  WHEN (current_setting('gatehouse.bulk_import', true) IS DISTINCT FROM 'on')
  EXECUTE FUNCTION count_users_change();

DROP TRIGGER contact_channels_verified_noted ON contact_channels;
CREATE TRIGGER contact_channels_verified_noted AFTER INSERT OR DELETE ON contact_channels FOR EACH ROW
  WHEN (current_setting('gatehouse.bulk_import', true) IS DISTINCT FROM 'on')
  EXECUTE FUNCTION note_verified_email();

DROP TRIGGER teams_counted ON teams;
CREATE TRIGGER teams_counted AFTER INSERT OR DELETE ON teams FOR EACH ROW
  WHEN (current_setting('gatehouse.bulk_import', true) IS DISTINCT FROM 'on')
  EXECUTE FUNCTION count_teams_change();
